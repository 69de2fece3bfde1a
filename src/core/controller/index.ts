export { advanceStage } from './advance-stage.js';
export { ControllerError } from './controller-error.js';
export {
  CHECKS,
  CheckSchema,
  ControllerStateNameSchema,
  ControllerStateSchema,
  FailureRecordSchema,
  GateStateSchema,
  SkipSchema,
  STAGES,
  StageSchema,
  createControllerState,
  isStage,
  type Check,
  type ControllerLimits,
  type ControllerState,
  type ControllerStateName,
  type FailureRecord,
  type Skip,
  type Stage,
} from './controller-state.js';
export { decideNextAction, type ControllerAction } from './decide-next-action.js';
export {
  assertNotBlocked,
  block,
  recordFailure,
  resume,
  returnToFailedStage,
  startRetry,
  type FailureInput,
} from './failure-transitions.js';
export {
  approveGate,
  checkGates,
  gatesFor,
  getPendingGate,
  requireGates,
  type GateCheck,
  type StageChanges,
} from './gates.js';
export { SKILL_FOR_STATE, getNextState, getSkillForState, type NextStateContext } from './get-next-state.js';
export { recordSkip } from './record-skip.js';
export { blockedMessageFor, renderBlockedMessage, type BlockedMessage } from './render-blocked-message.js';
export {
  canTransition,
  isForwardTransition,
  requiredChecks,
  type CheckResults,
  type TransitionVerdict,
} from './verification-matrix.js';
