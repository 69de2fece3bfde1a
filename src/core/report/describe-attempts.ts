import type { Attempt } from '../attempt.js';
import type { Pattern } from '../patterns/pattern.js';
import { DEFAULT_STRATEGY } from '../vocabulary.js';

/**
 * How one attempt reads in an error chain: `type-error (same)`, `analyze_then_fix (alternate)`, `exhausted`.
 */
export interface AttemptLabel {
  pattern: string;
  strategy: string;
}

/** The pattern id shown for an attempt; `unknown` when nothing matched (as in the diagnosis signature). */
export function patternOf(attempt: Pick<Attempt, 'pattern_matched'>): string {
  return attempt.pattern_matched ?? 'unknown';
}

/**
 * Labels for each attempt of an error chain, per the seed: "(same)" when the pattern repeats the
 * previous attempt's, "(alternate)" when the strategy differs from the pattern's primary strategy
 * (the catalogue's `strategy`, or the default strategy for an unmatched failure), and "exhausted" on
 * the last attempt when `budgetExhausted` (no strategy was left to apply to its error).
 */
export function describeAttempts(
  attempts: readonly Attempt[],
  patterns: readonly Pick<Pattern, 'id' | 'strategy'>[],
  budgetExhausted: boolean,
): AttemptLabel[] {
  return attempts.map((attempt, index) => {
    const id = patternOf(attempt);
    const previous = index > 0 ? attempts[index - 1] : undefined;
    const pattern = previous !== undefined && patternOf(previous) === id ? `${id} (same)` : id;
    if (budgetExhausted && index === attempts.length - 1) return { pattern, strategy: 'exhausted' };
    const used = attempt.strategy_used;
    if (used === null) return { pattern, strategy: 'none' };
    const primary =
      attempt.pattern_matched === null ? DEFAULT_STRATEGY : patterns.find((p) => p.id === id)?.strategy;
    return { pattern, strategy: primary !== undefined && primary !== used ? `${used} (alternate)` : used };
  });
}
