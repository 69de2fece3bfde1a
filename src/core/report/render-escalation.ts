import { DEFAULT_CONFIG_PATH } from '../config/schema.js';
import type { Attempt } from '../attempt.js';
import type { Diagnosis } from '../diagnosis.js';
import type { Pattern } from '../patterns/pattern.js';
import { ROOT_CAUSE_HINTS, STRATEGY_HINTS } from './category-hints.js';
import { clockTime } from './clock-time.js';
import { patternOf } from './describe-attempts.js';
import { extractFileMentions } from './file-mentions.js';
import { maskSecrets } from './mask-secrets.js';
import { maskAttempt } from './render-attempts-file.js';
import { clipLine, uniqueInOrder } from './truncate-text.js';
import { STRATEGIES, UNIVERSAL_FALLBACKS, type Strategy } from '../vocabulary.js';
import { errorHeadline } from './error-headline.js';
import { leadOf, renderFailureLead } from './failure-lead.js';

export interface EscalationInput {
  taskId: string;
  /**
   * Why the loop stopped, e.g. the same-error rule: "Same build-error pattern with analyze_then_fix strategy
   * failed twice."
   */
  reason: string;
  attempts: readonly Attempt[];
  finalDiagnosis: Diagnosis;
  patterns: readonly Pattern[];
  secrets?: readonly string[];
  /**
   * How the reader's driver names the agent setting, besides `agent.command` in the config: each
   * driver passes its own (the report cannot know which one ran it). Default: the CLI's flag.
   */
  agentHint?: string;
  /**
   * What a person does to retry once they fixed it by hand, in the reader's driver: the first option's
   * advice. Default: the CLI's (CLI_RETRY); the Action and the App have no `closed-loop resume`.
   */
  retry?: string;
  /** The config file the run read, as the advice names it (default `.github/closed-loop.yml`). */
  configFile?: string;
  /**
   * The places the run located for each pattern it met (`file:line`, as its progress lines said them): an
   * attempt's error alone may not say them (eslint names the file on one line and the line on the next).
   */
  located?: Readonly<Record<string, readonly string[]>>;
  /** The check the loop stopped on, named in the report's first lines. */
  check?: string | null;
}

/** The CLI's way to name an agent for one run: the default agent hint. */
export const CLI_AGENT_HINT = 'pass --agent';

/** The CLI's way to retry after a manual fix: the default retry advice. */
export const CLI_RETRY =
  'fix it, commit, then `closed-loop resume` (on a pull request: push the fix; CI runs the loop again).';

const MAX_PLACES = 5;

function placesFor(patternId: string, input: EscalationInput, attempts: readonly Attempt[]): string[] {
  const fromDiagnosis =
    input.finalDiagnosis.pattern === patternId
      ? input.finalDiagnosis.locations.map((l) => `${l.file}:${l.line}`)
      : [];
  const fromErrors = attempts
    .filter((a) => patternOf(a) === patternId)
    .flatMap((a) => extractFileMentions(a.error ?? ''))
    .map((m) => (m.line === null ? m.file : `${m.file}:${m.line}`));
  const fromRun = input.located?.[patternId] ?? [];
  return uniqueInOrder([...fromDiagnosis, ...fromRun, ...fromErrors]).slice(0, MAX_PLACES);
}

function guidanceFor(patternId: string, input: EscalationInput, attempts: readonly Attempt[]): string[] {
  const pattern = input.patterns.find((p) => p.id === patternId);
  const category =
    pattern?.category ??
    (patternId === input.finalDiagnosis.pattern ? input.finalDiagnosis.category : 'unknown');
  const places = placesFor(patternId, input, attempts);
  const suggestion = pattern?.suggestion.trim() ?? '';
  return [
    `- **${patternId}**: ${suggestion !== '' ? suggestion : 'no catalogue suggestion for this pattern.'}`,
    `  - Check: ${places.length > 0 ? places.map((p) => `\`${p}\``).join(', ') : 'no file or line was located in the error output'}`,
    `  - Potential root cause: ${ROOT_CAUSE_HINTS[category]}`,
  ];
}

/**
 * The seed's escalation flow as a report, after what failed (the check, the tool, file:line, the
 * tool's message, the log's first lines) and why the loop stopped: what was attempted and why each
 * attempt failed, the strategies tried (and those left), guidance per pattern with the files and lines
 * to check, and the three options. Masked.
 */
export function renderEscalation(input: EscalationInput): string {
  const secrets = input.secrets ?? [];
  const attempts = input.attempts.map((a) => maskAttempt(a, secrets));
  const attempted = attempts.flatMap((a) => [
    `- **Attempt ${a.attempt}** (${clockTime(a.timestamp)}): ${clipLine(a.action, 200)}`,
    `  - Failed because: ${clipLine(a.error === null ? a.result : errorHeadline(a.error), 200)} (pattern \`${patternOf(a)}\`${a.strategy_used ? `, strategy \`${a.strategy_used}\`` : ', no fix applied'})`,
  ]);
  const tried = uniqueInOrder(attempts.flatMap((a) => (a.strategy_used === null ? [] : [a.strategy_used])));
  // Only strategies that apply: the matched patterns' own strategy and alternatives, and the fallbacks.
  const applicable = new Set<Strategy>([
    ...attempts.flatMap((a) => {
      const p = input.patterns.find((x) => x.id === a.pattern_matched);
      return p ? [p.strategy, ...p.alternatives] : [];
    }),
    ...UNIVERSAL_FALLBACKS,
  ]);
  const untried = STRATEGIES.filter(
    (s: Strategy) => s !== 'escalate' && applicable.has(s) && !tried.includes(s),
  );
  const guidance = uniqueInOrder(attempts.map(patternOf)).flatMap((id) => guidanceFor(id, input, attempts));
  const lead = leadOf({ check: input.check ?? null, diagnosis: input.finalDiagnosis, attempts });
  const lines = [
    `## Escalation: ${input.taskId}`,
    '',
    ...(lead === null ? [] : [renderFailureLead(lead), '']),
    `### Why the loop stopped`,
    '',
    input.reason,
    '',
    '### What was attempted',
    '',
    ...(attempted.length > 0 ? attempted : ['No attempt was recorded.']),
    '',
    '### Strategies tried',
    '',
    `- Tried: ${tried.map((s) => `\`${s}\``).join(', ') || 'none'}`,
    `- Not tried: ${untried.map((s) => `\`${s}\` (${STRATEGY_HINTS[s]})`).join('; ') || 'none — every strategy that applies was used'}`,
    '',
    '### Guidance',
    '',
    ...(guidance.length > 0
      ? guidance
      : ['- No pattern was matched; start from the final error in the log.']),
    '',
    '### Options',
    '',
    `1. **Fix manually and retry**: ${input.retry ?? CLI_RETRY}`,
    '2. **Provide additional context**: say what the automatic attempts missed (a definition, a constraint, the intended behaviour) and retry;',
    `   or let a coding agent act on the gathered context: set \`agent.command\` in ${input.configFile ?? DEFAULT_CONFIG_PATH} or ${input.agentHint ?? CLI_AGENT_HINT}.`,
    '3. **Abort this task**: leave it blocked; nothing more is attempted automatically.',
    '',
    'The loop is waiting for a person before it goes further.',
    '',
  ];
  return maskSecrets(lines.join('\n'), secrets);
}
