import type { Attempt } from '../attempt.js';
import { IllegalEventError } from './illegal-event-error.js';
import type { LoopEvent } from './loop-event.js';
import type { Iteration, LoopState } from './loop-state.js';
import { isSameError } from './token-overlap.js';

type Ev<T extends LoopEvent['type']> = Extract<LoopEvent, { type: T }>;

/** The seed truncates captured output to 2000 characters. */
const MAX_ERROR_CHARS = 2000;

export function onGenerated(state: LoopState, e: Ev<'generated'>): LoopState {
  const n = state.attempts.length + 1;
  const attempt: Attempt = {
    attempt: n,
    timestamp: e.at,
    action: e.description,
    result: 'in progress',
    error: null,
    pattern_matched: null,
    strategy_used: null,
    duration_ms: 0,
    files_modified: [],
    signature: null,
  };
  const iteration: Iteration = {
    attempt: n,
    files_targeted: e.files,
    validation: null,
    checks: [],
    regression: null,
    failure: null,
    fix: null,
  };
  return {
    ...state,
    phase: 'VALIDATE',
    attempts: [...state.attempts, attempt],
    iterations: [...state.iterations, iteration],
  };
}

export function onValidated(state: LoopState, e: Ev<'validated'>): LoopState {
  const validation = { passed: e.passed, gates: e.gates, violations: e.violations };
  if (e.passed) return { ...withLast(state, {}, { validation }), phase: 'EXECUTE' };
  const error = e.violations.map((v) => `${v.type}: ${v.message}${v.file ? ` (${v.file})` : ''}`).join('\n');
  const attempt = {
    result: `Validation failed: ${e.violations.length} violation(s)`,
    error: error.slice(0, MAX_ERROR_CHARS),
  };
  const iteration = { validation, failure: { source: 'pre_validation' as const, check: 'validation' } };
  return { ...withLast(state, attempt, iteration), phase: 'ANALYZE' };
}

export function onExecuted(state: LoopState, e: Ev<'executed'>): LoopState {
  const last = lastAttempt(state);
  return {
    ...withLast(
      state,
      { files_modified: e.files_modified, duration_ms: last.duration_ms + e.duration_ms },
      {},
    ),
    phase: 'EVALUATE',
  };
}

export function onEvaluated(state: LoopState, e: Ev<'evaluated'>): LoopState {
  const spent = e.duration_ms ?? e.checks.reduce((sum, c) => sum + c.duration_ms, 0);
  const duration_ms = lastAttempt(state).duration_ms + spent;
  const regression = e.regression ?? null;
  if (e.passed && regression?.status === 'failed') {
    throw new IllegalEventError(
      'inconsistent',
      state.phase,
      e.type,
      'a failed regression check must be sent as passed: false',
    );
  }
  if (e.passed) {
    const next = withLast(
      state,
      { result: 'All checks passed', error: null, duration_ms },
      { checks: e.checks, regression },
    );
    return { ...next, phase: 'SUCCESS', status: 'success', finished_at: e.at };
  }
  const failure = e.failure ?? { check: e.checks.find((c) => !c.passed)?.name ?? 'unknown', output: '' };
  const attempt = {
    result: `${failure.check} failed`,
    error: failure.output.slice(0, MAX_ERROR_CHARS),
    duration_ms,
  };
  const iteration = {
    checks: e.checks,
    regression,
    failure: { source: 'evaluation' as const, check: failure.check },
  };
  return { ...withLast(state, attempt, iteration), phase: 'ANALYZE' };
}

export function onAnalyzed(state: LoopState, e: Ev<'analyzed'>): LoopState {
  const attempt = { pattern_matched: e.diagnosis.pattern, signature: e.diagnosis.signature };
  return { ...withLast(state, attempt, {}), pending_diagnosis: e.diagnosis, phase: 'FIX' };
}

/**
 * The attempt turns to another failing check: its pattern, error and the pending diagnosis are that
 * check's. The strategy that failed to apply on the first one stays in `fix_failures`.
 */
export function onRetargeted(state: LoopState, e: Ev<'retargeted'>): LoopState {
  const attempt = {
    pattern_matched: e.diagnosis.pattern,
    signature: e.diagnosis.signature,
    strategy_used: null,
    result: `${e.failure.check} failed`,
    error: e.failure.output.slice(0, MAX_ERROR_CHARS),
  };
  const failure = { source: 'evaluation' as const, check: e.failure.check };
  return { ...withLast(state, attempt, { failure }), pending_diagnosis: e.diagnosis, phase: 'FIX' };
}

export function onFixed(state: LoopState, e: Ev<'fixed'>): LoopState {
  guardStrategy(state, e);
  const last = lastAttempt(state);
  const files_modified = [...new Set([...last.files_modified, ...e.files_modified])];
  const attempt = {
    strategy_used: e.strategy,
    files_modified,
    duration_ms: last.duration_ms + e.duration_ms,
  };
  const fix = { strategy: e.strategy, fix_applied: e.fix_applied, duration_ms: e.duration_ms };
  return { ...withLast(state, attempt, { fix }), pending_diagnosis: null, phase: 'GENERATE' };
}

export function onFixFailed(state: LoopState, e: Ev<'fix_failed'>): LoopState {
  guardStrategy(state, e);
  const last = lastAttempt(state);
  const failure = {
    attempt: last.attempt,
    pattern: last.pattern_matched,
    strategy: e.strategy,
    error: e.error,
    at: e.at,
  };
  return {
    ...withLast(state, { strategy_used: e.strategy }, {}),
    fix_failures: [...state.fix_failures, failure],
  };
}

/**
 * Defence in depth for the same-error rule: a fix may never repeat the previous attempt's strategy on the
 * same error.
 */
function guardStrategy(state: LoopState, e: Ev<'fixed' | 'fix_failed'>): void {
  if (e.strategy === 'escalate') {
    throw new IllegalEventError(
      'inconsistent',
      state.phase,
      e.type,
      "'escalate' is not a fix: send 'escalated'",
    );
  }
  const current = lastAttempt(state);
  const previous = state.attempts[state.attempts.length - 2];
  if (
    previous &&
    previous.pattern_matched === current.pattern_matched &&
    previous.strategy_used === e.strategy &&
    isSameError(previous.error, current.error)
  ) {
    throw new IllegalEventError(
      'identical_retry',
      state.phase,
      e.type,
      `${e.strategy} already failed on the same ${current.pattern_matched ?? 'unmatched'} error: retrying identically is forbidden`,
    );
  }
}

function lastAttempt(state: LoopState): Attempt {
  const last = state.attempts[state.attempts.length - 1];
  if (!last) throw new IllegalEventError('inconsistent', state.phase, 'unknown', 'no attempt in progress');
  return last;
}

function withLast(state: LoopState, attempt: Partial<Attempt>, iteration: Partial<Iteration>): LoopState {
  const i = state.attempts.length - 1;
  const a = state.attempts[i];
  const it = state.iterations[i];
  if (!a || !it)
    throw new IllegalEventError('inconsistent', state.phase, 'unknown', 'no attempt in progress');
  return {
    ...state,
    attempts: [...state.attempts.slice(0, i), { ...a, ...attempt }],
    iterations: [...state.iterations.slice(0, i), { ...it, ...iteration }],
  };
}
