import { stringify } from 'yaml';
import type { Attempt } from '../attempt.js';
import { codeFence } from './code-fence.js';
import { renderFrontMatter } from './front-matter.js';
import { maskSecrets } from './mask-secrets.js';
import { truncateText } from './truncate-text.js';

export type AttemptsFinalStatus = 'in_progress' | 'success' | 'failed' | 'escalated';

/** Masks every free-text field of an attempt and caps its error at 2000 characters. */
export function maskAttempt(attempt: Attempt, secrets: readonly string[] = []): Attempt {
  const mask = (text: string): string => maskSecrets(text, secrets);
  return {
    ...attempt,
    action: mask(attempt.action),
    result: mask(attempt.result),
    error: attempt.error === null ? null : truncateText(mask(attempt.error)),
    files_modified: attempt.files_modified.map(mask),
  };
}

/**
 * The seed's `attempts-{task_id}.md`: front matter (entity_name, namespace, category, task_id,
 * total_attempts, final_status, created_at, updated_at, tags), then "## Attempt History" with the
 * attempts as a YAML `attempts:` array in a fenced block. Free text is masked.
 */
export function renderAttemptsFile(
  taskId: string,
  attempts: readonly Attempt[],
  finalStatus: AttemptsFinalStatus,
  createdAt: string,
  updatedAt: string,
  secrets: readonly string[] = [],
): string {
  const id = maskSecrets(taskId, secrets);
  const frontMatter = renderFrontMatter([
    ['entity_name', `session.current.attempts.${id}`],
    ['namespace', 'session.current'],
    ['category', 'attempts'],
    ['task_id', id],
    ['total_attempts', attempts.length],
    ['final_status', finalStatus],
    ['created_at', createdAt],
    ['updated_at', updatedAt],
    ['tags', ['attempts', 'closed-loop']],
  ]);
  const masked = attempts.map((a) => maskAttempt(a, secrets));
  const yaml = stringify({ attempts: masked }, { lineWidth: 0 });
  return `${frontMatter}\n\n## Attempt History\n\n${codeFence(yaml, 'yaml')}\n`;
}
