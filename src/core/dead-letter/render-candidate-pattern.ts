import { stringify } from 'yaml';
import { DEFAULT_CONFIG_PATH } from '../config/schema.js';
import { codeFence } from '../report/code-fence.js';
import { maskSecrets } from '../report/mask-secrets.js';
import type { CandidatePattern } from './dead-letter.js';

/** The candidate's file name, in the loop's state folder beside the dead letter. */
export function candidatePatternPath(c: Pick<CandidatePattern, 'hash'>): string {
  return `candidate-pattern-${c.hash}.md`;
}

/**
 * `candidate-pattern-<hash>.md`: why the pattern is proposed, its evidence, and a YAML
 * snippet to paste under `patterns.add` in `.github/closed-loop.yml`. Masked.
 */
export function renderCandidatePattern(
  c: CandidatePattern,
  secrets: readonly string[] = [],
  /** The config file the run read, as the advice names it. */
  configFile: string = DEFAULT_CONFIG_PATH,
): string {
  const p = c.pattern;
  const snippet = stringify({ patterns: { add: [p] } }, { lineWidth: 0 });
  const lines = [
    `# Candidate pattern: ${p.id}`,
    '',
    `${c.task_ids.length} dead letters on \`.${c.extension}\` files failed the same way and no pattern in the catalogue matched them with confidence 0.5 or more.`,
    'closed-loop proposes the pattern below. Review the signals before adopting it: a signal that is too broad would catch unrelated failures.',
    '',
    '## Evidence',
    '',
    ...c.task_ids.map((id) => `- ${id}`),
    ...(c.error_code === null ? [] : ['', `Shared error code: \`${c.error_code}\``]),
    '',
    '## Signals',
    '',
    ...p.signals.map((s) => `- \`${s.replace(/`/g, "'")}\``),
    '',
    `Category (guessed): \`${p.category}\` · strategy: \`${p.strategy}\``,
    '',
    '## Adopt it',
    '',
    `Paste this into \`${configFile}\` (merge it with an existing \`patterns.add\` list), then edit the id, description and suggestion:`,
    '',
    codeFence(snippet, 'yaml'),
    '',
  ];
  return maskSecrets(lines.join('\n'), secrets);
}
