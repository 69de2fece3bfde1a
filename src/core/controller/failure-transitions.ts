import { ControllerError } from './controller-error.js';
import { isStage, type ControllerState, type ControllerStateName, type Stage } from './controller-state.js';

export type FailureInput = { error: string; signature?: string; capability?: string; at: string };

/**
 * A check failed. Counters, as the seed's retry limits:
 * - `count`: the current failure in a row; reset to 1 when the error differs from the previous one.
 *   decideNextAction retries while `count < maxRetries` (3) and escalates after.
 * - `sameErrorCount`: how often this error (signature, else text) occurred since the stage last
 *   completed, in a row or not (catches circular failures); above `maxSameError` (2 retries) → BLOCKED.
 * - `total`: all failures; reaching `maxTotal` (10) → BLOCKED.
 */
export function recordFailure(state: ControllerState, input: FailureInput): ControllerState {
  assertNotBlocked(state, 'record a failure');
  const stage = failingStage(state);
  const signature = input.signature ?? input.error.trim();
  const open = state.failures.history.filter((h) => h.resolvedAt === undefined);
  const previous = open[open.length - 1];
  const f = state.failures;
  const count = previous && previous.signature !== signature ? 1 : f.count + 1;
  const sameErrorCount = open.filter((h) => h.stage === stage && h.signature === signature).length + 1;
  const total = f.total + 1;
  const entry = {
    stage,
    error: input.error,
    signature,
    timestamp: input.at,
    ...(input.capability ? { capability: input.capability } : {}),
  };
  const failures = {
    ...f,
    count,
    sameErrorCount,
    total,
    lastFailedStage: stage,
    history: [...f.history, entry],
  };
  const stages = { ...state.stages, [stage]: { ...state.stages[stage], status: 'failed' as const } };
  const next: ControllerState = {
    ...state,
    failures,
    stages,
    state: 'FAILED',
    stateEnteredAt: input.at,
    updatedAt: input.at,
  };
  if (total >= f.maxTotal) return block(next, `Total failures reached ${f.maxTotal}`, input.at);
  if (sameErrorCount > f.maxSameError) {
    return block(
      next,
      `Same error failed ${sameErrorCount} times in ${stage} (${f.maxSameError} retries allowed): ${input.error}`,
      input.at,
    );
  }
  return next;
}

/** FAILED → RETRY (the decision was RETRY). */
export function startRetry(state: ControllerState, at: string): ControllerState {
  if (state.state !== 'FAILED')
    throw new ControllerError('illegal_transition', `RETRY starts from FAILED, not ${state.state}`);
  return { ...state, state: 'RETRY', stateEnteredAt: at, updatedAt: at };
}

/** RETRY → the failed stage, to run it (and its checks) again. */
export function returnToFailedStage(state: ControllerState, at: string): ControllerState {
  const stage = state.failures.lastFailedStage;
  if (state.state !== 'RETRY' || !stage)
    throw new ControllerError(
      'illegal_transition',
      `only RETRY returns to the failed stage (state ${state.state})`,
    );
  return {
    ...state,
    state: stage,
    stateEnteredAt: at,
    stages: { ...state.stages, [stage]: { ...state.stages[stage], status: 'in-progress' } },
    updatedAt: at,
  };
}

/** Any state → BLOCKED, remembering where a resume should return to. */
export function block(state: ControllerState, reason: string, at: string): ControllerState {
  assertNotBlocked(state, 'block');
  const resumeState = isStage(state.state) ? state.state : (state.failures.lastFailedStage ?? 'INIT');
  return {
    ...state,
    state: 'BLOCKED',
    stateEnteredAt: at,
    blockedReason: reason,
    resumeState,
    updatedAt: at,
  };
}

/**
 * The only way out of BLOCKED: a person resolved the issue. Returns to `to` (default: the blocked stage)
 * with fresh retry counters; the failure history is kept.
 */
export function resume(state: ControllerState, input: { at: string; to?: Stage }): ControllerState {
  if (state.state !== 'BLOCKED')
    throw new ControllerError('illegal_transition', `resume needs BLOCKED, not ${state.state}`);
  const to = input.to ?? state.resumeState ?? state.failures.lastFailedStage ?? 'INIT';
  const history = state.failures.history.map((h) =>
    h.resolvedAt ? h : { ...h, resolution: 'resolved by a person', resolvedAt: input.at },
  );
  return {
    ...state,
    state: to,
    stateEnteredAt: input.at,
    blockedReason: null,
    resumeState: null,
    updatedAt: input.at,
    failures: { ...state.failures, count: 0, sameErrorCount: 0, total: 0, history },
    stages: { ...state.stages, [to]: { ...state.stages[to], status: 'in-progress' } },
  };
}

export function assertNotBlocked(state: ControllerState, what: string): void {
  if (state.state === 'BLOCKED') {
    throw new ControllerError(
      'blocked',
      `cannot ${what}: the loop is BLOCKED (${state.blockedReason ?? 'no reason'}); resume it first`,
    );
  }
}

function failingStage(state: ControllerState): Stage {
  const name: ControllerStateName = state.state;
  if (isStage(name)) return name;
  if (state.failures.lastFailedStage) return state.failures.lastFailedStage;
  throw new ControllerError('illegal_transition', `no stage to fail in state ${name}`);
}
