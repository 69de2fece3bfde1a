import type { Strategy } from '../vocabulary.js';
import type { LoopState } from './loop-state.js';
import { isSameError } from './token-overlap.js';
import { EARLIER_RUN } from './with-history.js';

/**
 * The seed's "strategies tried per pattern", derived from the attempts and failed fixes (not stored twice).
 */
export function strategiesTried(state: LoopState, pattern: string | null): Strategy[] {
  const tried = [
    ...state.attempts.filter((a) => a.pattern_matched === pattern).map((a) => a.strategy_used),
    ...state.fix_failures.filter((f) => f.pattern === pattern).map((f) => f.strategy),
  ];
  return [...new Set(tried.filter((s): s is Strategy => s !== null))];
}

/**
 * How many attempts in a row, ending with the last one, failed with the same pattern and substantially
 * the same error (> 80% token overlap between neighbours). 1 means the last error is new.
 */
export function sameErrorRun(state: LoopState): number {
  const { attempts } = state;
  let run = attempts.length > 0 ? 1 : 0;
  for (let j = attempts.length - 2; j >= 0; j--) {
    const a = attempts[j];
    const b = attempts[j + 1];
    if (!a || !b || a.pattern_matched !== b.pattern_matched || !isSameError(a.error, b.error)) break;
    run++;
  }
  return run;
}

/** Failed attempts (validation or evaluation) plus fixes that failed to apply. */
export function failureCount(state: LoopState): number {
  return state.iterations.filter((i) => i.failure !== null).length + state.fix_failures.length;
}

/**
 * How many attempts in a row, ending with the last one, failed with the same pattern (any error text)
 * in the same check: isort's format error and then black's are two failures, each with its budget.
 */
export function patternRun(state: LoopState): number {
  const { attempts, iterations } = state;
  const last = attempts.at(-1);
  if (!last) return 0;
  const check = (j: number) => iterations[j]?.failure?.check ?? null;
  const lastCheck = check(attempts.length - 1);
  // An earlier run's attempt does not say which check failed: it counts against any.
  const same = (j: number) => check(j) === lastCheck || check(j) === EARLIER_RUN || lastCheck === EARLIER_RUN;
  let run = 0;
  for (
    let j = attempts.length - 1;
    j >= 0 && attempts[j]?.pattern_matched === last.pattern_matched && same(j);
    j--
  )
    run++;
  return run;
}
