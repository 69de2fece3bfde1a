export {
  aggregateMetrics,
  summarizeExecution,
  type AggregatedMetrics,
  type ExecutionSummary,
} from './aggregate-metrics.js';
export { failureCount, sameErrorRun, strategiesByPattern, strategiesTried } from './attempt-history.js';
export {
  computeMetrics,
  type AttemptMetrics,
  type ExecutionMetrics,
  type LoopMetrics,
} from './compute-metrics.js';
export { createLoopState, type NewTask } from './create-loop-state.js';
export { MAX_HISTORY, withHistory } from './with-history.js';
export { decideRecovery } from './decide-recovery.js';
export { formatLogLine, type LogLineInput } from './format-log-line.js';
export { IllegalEventError, type IllegalEventCode } from './illegal-event-error.js';
export { elapsedMs, logInputsFor, logLinesFor } from './log-lines-for.js';
export type { LoopAction, LoopContext, StepKind } from './loop-action.js';
export { LoopEventSchema, type LoopEvent, type LoopEventInput, type LoopEventType } from './loop-event.js';
export {
  CheckResultSchema,
  DeadLetterReasonSchema,
  FixFailureSchema,
  IterationSchema,
  LoopStateSchema,
  LoopStatusSchema,
  PHASES,
  PhaseSchema,
  RegressionStatusSchema,
  TERMINAL_PHASES,
  ViolationSchema,
  isTerminal,
  type CheckResult,
  type DeadLetterReason,
  type FixFailure,
  type Iteration,
  type LoopState,
  type LoopStatus,
  type Phase,
  type RegressionStatus,
  type Violation,
} from './loop-state.js';
export { nextAction } from './next-action.js';
export { MAX_ERROR_CHARS } from './phase-transitions.js';
export { acceptedEvents, acceptsEvent, reduce } from './reduce.js';
export { DEFAULT_REGRESSION_COMPLEXITIES, regressionCheckEnabled } from './regression-gate.js';
export { DEFAULT_RETRY_POLICY, backoffDelayMs, type RetryPolicy } from './retry-policy.js';
export { SAME_ERROR_THRESHOLD, isSameError, tokenOverlap, tokenize } from './token-overlap.js';
