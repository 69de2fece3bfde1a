import type { Gate } from '../vocabulary.js';
import type { ControllerState, Stage } from './controller-state.js';
import { getPendingGate } from './gates.js';
import { getNextState, getSkillForState, type NextStateContext } from './get-next-state.js';

export type ControllerAction =
  | { action: 'WAIT_FOR_HUMAN'; reason: string }
  | { action: 'WAIT_FOR_APPROVAL'; gate: { name: Gate; required: true } }
  | { action: 'RETRY'; stage: Stage }
  | { action: 'ESCALATE'; reason: string }
  | { action: 'EXECUTE_SKILL'; state: Stage; skill: string }
  | { action: 'DONE' };

/**
 * The seed's decision algorithm, in its order: 1 BLOCKED → WAIT_FOR_HUMAN; 2 a pending required gate →
 * WAIT_FOR_APPROVAL; 3 FAILED → RETRY while `failures.count < maxRetries`, else ESCALATE (the driver
 * then calls `block`); 4 otherwise EXECUTE_SKILL for getNextState. Additions where the seed is silent:
 * RETRY runs `debug-assist` on the failed stage; COMPLETE (next state null) → DONE.
 */
export function decideNextAction(
  loopState: ControllerState,
  context: NextStateContext = {},
): ControllerAction {
  if (loopState.state === 'BLOCKED')
    return { action: 'WAIT_FOR_HUMAN', reason: loopState.blockedReason ?? 'blocked' };
  const gate = getPendingGate(loopState);
  if (gate && gate.required) return { action: 'WAIT_FOR_APPROVAL', gate };
  const failed = loopState.failures.lastFailedStage;
  if (loopState.state === 'FAILED') {
    if (loopState.failures.count < loopState.failures.maxRetries && failed)
      return { action: 'RETRY', stage: failed };
    return { action: 'ESCALATE', reason: 'Max retries exceeded' };
  }
  if (loopState.state === 'RETRY')
    return { action: 'EXECUTE_SKILL', state: failed ?? 'INIT', skill: 'debug-assist' };
  const next = getNextState(loopState.state, context);
  return next === null
    ? { action: 'DONE' }
    : { action: 'EXECUTE_SKILL', state: next, skill: getSkillForState(next) };
}
