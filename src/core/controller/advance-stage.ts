import { ControllerError } from './controller-error.js';
import { isStage, type ControllerState, type Stage } from './controller-state.js';
import { assertNotBlocked } from './failure-transitions.js';
import { canTransition, isForwardTransition, type CheckResults } from './verification-matrix.js';

/**
 * A stage transition through the verification gate: throws `ControllerError('checks_missing')` when
 * `canTransition` refuses. The stage left is complete; the failure episode is over (counters reset,
 * open failures resolved).
 */
export function advanceStage(
  state: ControllerState,
  to: Stage,
  results: CheckResults,
  at: string,
  resolution = 'checks passed',
): ControllerState {
  assertNotBlocked(state, `move to ${to}`);
  const from = state.state;
  if (!isStage(from) || !(isForwardTransition(from, to) || (from === 'SHIP' && to === 'SHIP'))) {
    throw new ControllerError('illegal_transition', `${from} → ${to} is not a stage transition`);
  }
  const verdict = canTransition(state, to, results);
  if (!verdict.allowed) throw new ControllerError('checks_missing', verdict.reason);
  if (from === to) return { ...state, updatedAt: at };
  const history = state.failures.history.map((h) =>
    h.resolvedAt ? h : { ...h, resolution, resolvedAt: at },
  );
  return {
    ...state,
    state: to,
    stateEnteredAt: at,
    updatedAt: at,
    stages: {
      ...state.stages,
      [from]: { ...state.stages[from], status: 'complete', completedAt: at },
      [to]: { ...state.stages[to], status: 'in-progress', startedAt: at },
    },
    failures: { ...state.failures, count: 0, sameErrorCount: 0, history },
  };
}
