import type { DeadLetterSummary } from './dead-letter.js';
import { normaliseErrorLine } from '../analyze/normalise-error-line.js';

/** How many characters of the normalised first error line must match (the seed's rule). */
const SIMILAR_PREFIX_CHARS = 50;

type Comparable = Pick<
  DeadLetterSummary,
  'task_id' | 'final_pattern' | 'extension' | 'first_error_line' | 'error_code'
>;

/**
 * The seed's rule: same pattern id AND same file extension AND (same first 50 normalised characters OR same
 * error code).
 */
export function isSimilarFailure(a: Comparable, b: Comparable): boolean {
  if (a.final_pattern !== b.final_pattern || a.extension.toLowerCase() !== b.extension.toLowerCase())
    return false;
  const prefixA = normaliseErrorLine(a.first_error_line).slice(0, SIMILAR_PREFIX_CHARS);
  const prefixB = normaliseErrorLine(b.first_error_line).slice(0, SIMILAR_PREFIX_CHARS);
  const samePrefix = prefixA !== '' && prefixA === prefixB;
  const sameCode = a.error_code !== null && a.error_code === b.error_code;
  return samePrefix || sameCode;
}

/**
 * Earlier dead letters similar to `current`, most recent first (by `blocked_at`, as recorded). An
 * earlier dead letter of the same task is not "similar": it is this failure's own history.
 */
export function findSimilarDeadLetters<T extends Comparable & { blocked_at?: string }>(
  current: Comparable,
  earlier: readonly T[],
): T[] {
  return earlier
    .filter((entry) => entry.task_id !== current.task_id && isSimilarFailure(current, entry))
    .sort((a, b) => (b.blocked_at ?? '').localeCompare(a.blocked_at ?? ''));
}
