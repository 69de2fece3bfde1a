import type { Complexity } from '../vocabulary.js';

/** The seed's default: regression detection only for medium and high complexity tasks. */
const DEFAULT_REGRESSION_COMPLEXITIES: readonly Complexity[] = ['medium', 'high'];

/**
 * Whether EVALUATE runs the regression check for this task (the seed's complexity gate). When it does
 * not, the driver still reports `regression: { status: 'skipped' }` so the metrics count the skip.
 */
export function regressionCheckEnabled(
  complexity: Complexity,
  enabledFor: readonly Complexity[] = DEFAULT_REGRESSION_COMPLEXITIES,
): boolean {
  return enabledFor.includes(complexity);
}
