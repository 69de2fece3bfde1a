import type { Attempt } from '../attempt.js';
import { LoopStateSchema, type Iteration, type LoopState } from './loop-state.js';

/** The failing check of an earlier run's attempt: not recorded, so it matches any check. */
export const EARLIER_RUN = 'an earlier run';

/** How many earlier attempts a loop carries; the oldest beyond this are dropped. */
const MAX_HISTORY = 50;

/**
 * A fresh loop that remembers earlier runs' attempts on the same task (a pull request's earlier CI
 * runs), so the retry budget and the same-error rule hold across pushes, not only inside one run.
 * Attempts are renumbered 1…n; their iterations keep only what an attempt record says.
 */
export function withHistory(state: LoopState, history: readonly Attempt[]): LoopState {
  if (state.attempts.length > 0) throw new Error('withHistory: the loop has already started');
  const attempts = history.slice(-MAX_HISTORY).map((a, i) => ({ ...a, attempt: i + 1 }));
  const iterations: Iteration[] = attempts.map((a) => ({
    attempt: a.attempt,
    files_targeted: a.files_modified,
    validation: null,
    checks: [],
    regression: null,
    failure: a.error === null ? null : { source: 'evaluation', check: EARLIER_RUN },
    fix: a.strategy_used ? { strategy: a.strategy_used, fix_applied: a.action, duration_ms: 0 } : null,
  }));
  return LoopStateSchema.parse({ ...state, attempts, iterations });
}
