import type { Attempt } from '../attempt.js';
import type { Diagnosis } from '../diagnosis.js';
import { filesTouched, finalErrorOf } from '../report/render-execution-failed.js';
import { clipLine, firstLine, uniqueInOrder } from '../report/truncate-text.js';
import type { DeadLetterSummary } from './dead-letter.js';
import { extractErrorCode } from './extract-error-code.js';
import { errorHeadline } from '../report/error-headline.js';

const ORIGINAL_TASK_CHARS = 120;

/** The extension part of a `{pattern}:{ext}:{hash}` signature, or `none`. */
export function extensionOf(signature: string): string {
  const parts = signature.split(':');
  return parts.length >= 3 && parts[1] !== undefined && parts[1] !== '' ? parts[1].toLowerCase() : 'none';
}

export interface FailureFacts {
  taskId: string;
  originalTask: string;
  /** Attempts already masked and truncated. */
  attempts: readonly Attempt[];
  finalDiagnosis: Diagnosis;
  blockedAt: string;
  blockedReason: string;
  similarFailures?: number;
}

/** The summary of the failure being dead-lettered now: what `findSimilarDeadLetters` compares. */
export function describeFailure(facts: FailureFacts): DeadLetterSummary {
  const finalError = finalErrorOf(facts.attempts) || (facts.finalDiagnosis.evidence?.text ?? '');
  return {
    task_id: facts.taskId,
    original_task: clipLine(firstLine(facts.originalTask), ORIGINAL_TASK_CHARS),
    total_attempts: facts.attempts.length,
    final_pattern: facts.finalDiagnosis.pattern ?? 'unknown',
    category: facts.finalDiagnosis.category,
    strategies_exhausted: uniqueInOrder(
      facts.attempts.flatMap((a) => (a.strategy_used === null ? [] : [a.strategy_used])),
    ),
    blocked_at: facts.blockedAt,
    blocked_reason: facts.blockedReason,
    similar_failures: facts.similarFailures ?? 0,
    error_signature: facts.finalDiagnosis.signature,
    extension: extensionOf(facts.finalDiagnosis.signature),
    first_error_line: errorHeadline(finalError),
    error_code: extractErrorCode(finalError),
    final_error: finalError,
    files: filesTouched(facts.attempts),
  };
}
