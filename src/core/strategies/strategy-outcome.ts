import type { Strategy } from '../vocabulary.js';

/** The seed's report limit for captured output. */
const MAX_OUTCOME_OUTPUT = 2000;

/** What one fix strategy did to the working tree, for the attempt record. */
export interface StrategyOutcome {
  strategy: Strategy;
  /** Whether the strategy acted (ran its fixer, installed, let the agent edit, waited). */
  applied: boolean;
  /** One line for the attempt record, e.g. "ran npx eslint --fix src/index.js". */
  action: string;
  /** Best effort: the driver diffs the tree as well. */
  files_modified: string[];
  context_expanded: boolean;
  /** Set when the strategy cannot act at all and the loop must escalate with this reason. */
  escalate?: { reason: string };
  /** The tail of what the command printed, at most MAX_OUTCOME_OUTPUT characters. */
  output?: string;
}

/** Keeps the end of `text` (where tools print their verdict), within MAX_OUTCOME_OUTPUT characters. */
export function outcomeOutput(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return trimmed.length <= MAX_OUTCOME_OUTPUT
    ? trimmed
    : `…${trimmed.slice(trimmed.length - MAX_OUTCOME_OUTPUT + 1)}`;
}

/** Builds an outcome; `output` is trimmed to its tail and left out when empty. */
export function makeOutcome(
  fields: Omit<StrategyOutcome, 'output' | 'files_modified' | 'context_expanded'> &
    Partial<Pick<StrategyOutcome, 'files_modified' | 'context_expanded'>> & { output?: string },
): StrategyOutcome {
  const { output, ...rest } = fields;
  const tail = output === undefined ? undefined : outcomeOutput(output);
  return {
    files_modified: [],
    context_expanded: false,
    ...rest,
    ...(tail === undefined ? {} : { output: tail }),
  };
}
