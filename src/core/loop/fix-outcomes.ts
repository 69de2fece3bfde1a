import type { Strategy } from '../vocabulary.js';
import type { Iteration, LoopState } from './loop-state.js';
import { EARLIER_RUN } from './with-history.js';

/** One fix the loop tried on a failure, and whether it worked. */
export interface FixOutcome {
  pattern: string;
  strategy: Strategy;
  /**
   * The failure it targeted did not come back on the next evaluation, whatever the run did afterwards
   * (another failure may still have stopped it). A fix refused by validation, rolled back for making
   * things worse, or that could not be applied did not work.
   */
  worked: boolean;
}

/**
 * Every fix a loop tried on a recognised failure, in order, with its outcome; a fix whose next evaluation
 * never came (the run was interrupted or killed first) is left out: nothing says whether it worked.
 */
export function fixOutcomes(state: LoopState): FixOutcome[] {
  const out: FixOutcome[] = [];
  state.iterations.forEach((it, i) => {
    // An earlier CI run's attempt (withHistory): that run's own record judged it.
    if (it.failure?.check === EARLIER_RUN) return;
    // A strategy that could not be applied left the failure as it was.
    for (const f of state.fix_failures)
      if (f.attempt === it.attempt && f.pattern !== null)
        out.push({ pattern: f.pattern, strategy: f.strategy, worked: false });
    const pattern = state.attempts[i]?.pattern_matched ?? null;
    if (it.fix === null || pattern === null) return;
    const worked = targetGone(it, pattern, state.iterations[i + 1]);
    if (worked !== null) out.push({ pattern, strategy: it.fix.strategy, worked });
  });
  return out;
}

/** Whether the failure iteration `it` fixed is gone in `next`; null when `next` never judged the fix. */
function targetGone(it: Iteration, pattern: string, next: Iteration | undefined): boolean | null {
  if (!next?.validation) return null;
  if (!next.validation.passed) return false;
  // A change refused at validation: the fix that followed is judged by the gates, which passed.
  if (it.failure?.source === 'pre_validation') return true;
  if (next.checks.length === 0) return null;
  const target = it.failure?.check;
  if (target === 'regression_check') return next.regression?.status !== 'failed';
  // A rolled-back fix's evaluation records the restored tree's checks: its failure is still there.
  const check = next.checks.find((c) => c.name === target);
  if (check === undefined) return null;
  return check.passed || check.pattern !== pattern;
}
