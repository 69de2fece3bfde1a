import { clockTime } from '../report/clock-time.js';
import { codeFence } from '../report/code-fence.js';
import { renderFrontMatter } from '../report/front-matter.js';
import { maskSecrets } from '../report/mask-secrets.js';
import { clipLine, truncateText } from '../report/truncate-text.js';
import type { DeadLetter } from './dead-letter.js';
import { candidatePatternPath } from './render-candidate-pattern.js';
import { renderSmartSuggestions } from './render-smart-suggestions.js';
import { errorHeadline } from '../report/error-headline.js';

const ACTION_CHARS = 500;
const ERROR_LINE_CHARS = 300;

/** Lines of free text that would read as headings or front matter are escaped so they stay text. */
const escapeBlock = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => (/^\s{0,3}(#{1,6}\s|---\s*$)/.test(l) ? `\\${l.trimStart()}` : l))
    .join('\n');

function renderAttempt(entry: DeadLetter, index: number): string[] {
  const a = entry.attempts[index];
  if (a === undefined) return [];
  const label = entry.attempt_labels[index] ?? {
    pattern: a.pattern_matched ?? 'unknown',
    strategy: a.strategy_used ?? 'none',
  };
  const error = a.error ?? '';
  const multiLine = error.trim().includes('\n');
  return [
    `### Attempt ${a.attempt} (${clockTime(a.timestamp)})`,
    '',
    `- **Action:** ${clipLine(a.action, ACTION_CHARS)}`,
    `- **Error:** ${error === '' ? `none (${clipLine(a.result, ERROR_LINE_CHARS)})` : clipLine(errorHeadline(error), ERROR_LINE_CHARS)}`,
    ...(multiLine ? ['', codeFence(truncateText(error.trim()), 'text', '  '), ''] : []),
    `- **Pattern:** ${label.pattern}`,
    `- **Strategy:** ${label.strategy}`,
    '',
  ];
}

/**
 * The seed's dead-letter markdown: YAML front matter, then Task Description, Error Chain, Files
 * Modified, Smart Suggestions (when similar ≥ 1), Pattern Learning Candidate (when proposed),
 * Suggested Manual Steps and Context for Retry. Every free-text field is masked.
 */
export function renderDeadLetter(entry: DeadLetter, secrets: readonly string[] = []): string {
  const mask = (text: string): string => maskSecrets(text, secrets);
  const frontMatter = renderFrontMatter(
    [
      ['entity_name', `session.current.dead-letter.${mask(entry.task_id)}`],
      ['namespace', 'session.current'],
      ['category', 'dead-letter'],
      ['task_id', mask(entry.task_id)],
      ['original_task', mask(entry.original_task)],
      ['total_attempts', entry.total_attempts],
      ['final_pattern', mask(entry.final_pattern)],
      ['strategies_exhausted', entry.strategies_exhausted],
      ['blocked_at', entry.blocked_at],
      ['blocked_reason', entry.blocked_reason],
      ['tags', ['dead-letter', 'blocked', entry.final_category]],
      ['similar_failures', entry.similar_failures],
      ['error_signature', mask(entry.error_signature)],
    ],
    ['original_task', 'error_signature'],
  );
  const files = entry.files_modified.length > 0 ? entry.files_modified.map((f) => `- ${f}`) : ['- (none)'];
  const candidate =
    entry.candidate === null
      ? []
      : [
          '## Pattern Learning Candidate',
          '',
          `This failure matches ${entry.similar_failures} others with no confident pattern match.`,
          'A candidate pattern has been proposed for review.',
          `See: ${candidatePatternPath(entry.candidate)} (beside this dead letter)`,
          '',
        ];
  const body = [
    '## Task Description',
    '',
    escapeBlock(entry.task_description.trim() || entry.original_task),
    '',
    '## Error Chain',
    '',
    ...entry.attempts.flatMap((_, i) => renderAttempt(entry, i)),
    ...(entry.attempts.length === 0 ? ['No attempt was recorded.', ''] : []),
    '## Files Modified',
    '',
    ...files,
    '',
    ...(entry.smart_suggestions === null ? [] : [renderSmartSuggestions(entry.smart_suggestions), '']),
    ...candidate,
    '## Suggested Manual Steps',
    '',
    ...entry.manual_steps.map((s, i) => `${i + 1}. ${s}`),
    '',
    '## Context for Retry',
    '',
    'When retrying, consider:',
    ...entry.retry_context.map((c) => `- ${c}`),
    '',
  ];
  return `${frontMatter}\n\n${mask(body.join('\n'))}`;
}
