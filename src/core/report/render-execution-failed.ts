import type { Attempt } from '../attempt.js';
import type { Diagnosis } from '../diagnosis.js';
import type { Pattern } from '../patterns/pattern.js';
import { clockTime } from './clock-time.js';
import { codeFence } from './code-fence.js';
import { describeAttempts, patternOf } from './describe-attempts.js';
import { maskAttempt } from './render-attempts-file.js';
import { maskSecrets } from './mask-secrets.js';
import { suggestManualSteps } from './suggest-manual-steps.js';
import { clipLine, uniqueInOrder } from './truncate-text.js';
import { errorHeadline } from './error-headline.js';

export interface ExecutionFailedInput {
  taskId: string;
  attempts: readonly Attempt[];
  finalDiagnosis: Diagnosis;
  /** The pattern catalogue, for the final pattern's suggestion and each pattern's primary strategy. */
  patterns: readonly Pattern[];
  blockedReason: 'retry_budget_exhausted' | 'unrecoverable_error';
  secrets?: readonly string[];
}

const SUMMARY_CHARS = 200;

/** The final error of a chain: the last attempt that recorded one. */
export function finalErrorOf(attempts: readonly Attempt[]): string {
  return [...attempts].reverse().find((a) => a.error !== null)?.error ?? '';
}

/** Files touched across all attempts, in the order first touched. */
export function filesTouched(attempts: readonly Attempt[]): string[] {
  return uniqueInOrder(attempts.flatMap((a) => a.files_modified));
}

/** The seed's terminal report "## Execution Failed: {task_id}", masked. */
export function renderExecutionFailed(input: ExecutionFailedInput): string {
  const secrets = input.secrets ?? [];
  const attempts = input.attempts.map((a) => maskAttempt(a, secrets));
  const labels = describeAttempts(attempts, input.patterns, input.blockedReason === 'retry_budget_exhausted');
  const code = (v: string): string => `\`${v}\``;
  const patternIds = uniqueInOrder(attempts.map(patternOf));
  const strategies = uniqueInOrder(
    attempts.flatMap((a) => (a.strategy_used === null ? [] : [a.strategy_used])),
  );
  const chain = attempts.map((a, i) => {
    const label = labels[i] ?? { pattern: patternOf(a), strategy: 'none' };
    const error = a.error === null ? a.result : errorHeadline(a.error);
    return `${i + 1}. **${clockTime(a.timestamp)}** · ${label.pattern} · ${label.strategy} — ${clipLine(error, SUMMARY_CHARS)}`;
  });
  const finalError = finalErrorOf(attempts);
  const finalPattern = input.patterns.find((p) => p.id === input.finalDiagnosis.pattern);
  const steps = suggestManualSteps({ diagnosis: input.finalDiagnosis, pattern: finalPattern, finalError });
  const files = filesTouched(attempts);
  const lines = [
    `## Execution Failed: ${input.taskId}`,
    '',
    `**Attempts made:** ${attempts.length}`,
    '',
    `**Patterns matched:** ${patternIds.map(code).join(', ') || 'none'}`,
    '',
    `**Strategies tried:** ${strategies.map(code).join(', ') || 'none'}`,
    '',
    '### Error Chain',
    '',
    ...(chain.length > 0 ? chain : ['No attempt was recorded.']),
    ...(finalError.includes('\n') ? ['', 'Final error:', '', codeFence(finalError)] : []),
    '',
    '### Suggested Manual Steps',
    '',
    ...steps.map((s, i) => `${i + 1}. ${s}`),
    '',
    '### Files Modified',
    '',
    ...(files.length > 0 ? files.map((f) => `- ${f}`) : ['- (none)']),
    '',
    'Task is now blocked. Address the issues manually and retry.',
    '',
  ];
  return maskSecrets(lines.join('\n'), secrets);
}
