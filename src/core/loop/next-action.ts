import { decideRecovery } from './decide-recovery.js';
import type { LoopAction, LoopContext } from './loop-action.js';
import type { LoopState } from './loop-state.js';

/**
 * The planner: what the driver does next, given the state, the pattern catalogue and the retry policy.
 * Pure and total. The driver performs the action and reports back with the matching event; for
 * `escalate` and `dead_letter` it sends `escalated` / `dead_lettered` with the action's reason.
 */
export function nextAction(state: LoopState, ctx: LoopContext): LoopAction {
  const last = state.attempts[state.attempts.length - 1];
  switch (state.phase) {
    case 'SUCCESS':
    case 'ESCALATE':
    case 'DEAD_LETTER':
      return { kind: 'done', status: state.status };
    case 'GENERATE':
      if (!last) return { kind: 'generate', reason: 'first attempt' };
      return last.strategy_used
        ? {
            kind: 'generate',
            strategy: last.strategy_used,
            reason: `attempt ${last.attempt + 1} after ${last.strategy_used}`,
          }
        : { kind: 'generate', reason: `attempt ${last.attempt + 1}` };
    case 'VALIDATE':
      return { kind: 'validate', reason: 'pre-execution gates on the generated change' };
    case 'EXECUTE':
      return { kind: 'execute', reason: 'apply the validated change' };
    case 'EVALUATE':
      return { kind: 'evaluate', reason: 'run the success criteria' };
    case 'ANALYZE':
      return {
        kind: 'analyze',
        reason: `attempt ${last?.attempt ?? 0} failed: ${last?.result ?? 'unknown'}`,
      };
    case 'FIX':
      if (!state.pending_diagnosis)
        return { kind: 'analyze', reason: 'no diagnosis recorded for the failure' };
      return decideRecovery(state, state.pending_diagnosis, ctx);
  }
}
