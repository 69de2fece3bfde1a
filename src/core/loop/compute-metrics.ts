import { elapsedMs } from './log-lines-for.js';
import type { LoopState, LoopStatus } from './loop-state.js';

type AttemptMetrics = {
  attempt_number: number;
  duration_ms: number;
  pattern_matched: string | null;
  strategy_used: string | null;
  success: boolean;
  /** null when the attempt never reached VALIDATE. */
  validation_passed: boolean | null;
  validation_gates_run: number;
  validation_violations: number;
};

export type ExecutionMetrics = {
  total_attempts: number;
  time_to_success_ms: number | null;
  patterns_encountered: string[];
  strategies_used: string[];
  files_modified: string[];
  final_status: LoopStatus;
  pre_validation_runs: number;
  /** passed / runs, in [0, 1]; 0 when VALIDATE never ran. */
  pre_validation_pass_rate: number;
  /** Violation types caught before anything was written, in the order they were caught (repeats kept). */
  pre_validation_catches: string[];
  regression_checks_run: number;
  regression_checks_skipped: number;
  regressions_detected: number;
  regressions_auto_fixed: number;
};

export type LoopMetrics = { per_execution: ExecutionMetrics; per_attempt: AttemptMetrics[] };

/** The seed's metrics, derived from the state (the state stores facts only, never the metrics). */
export function computeMetrics(state: LoopState): LoopMetrics {
  const validations = state.iterations.flatMap((it) => (it.validation ? [it.validation] : []));
  const regressions = state.iterations.flatMap((it, index) =>
    it.regression ? [{ index, ...it.regression }] : [],
  );
  const lastPass = Math.max(-1, ...regressions.filter((r) => r.status === 'passed').map((r) => r.index));
  const failedRegressions = regressions.filter((r) => r.status === 'failed');
  const per_attempt = state.attempts.map((a, index): AttemptMetrics => {
    const it = state.iterations[index];
    return {
      attempt_number: a.attempt,
      duration_ms: a.duration_ms,
      pattern_matched: a.pattern_matched,
      strategy_used: a.strategy_used,
      success: state.status === 'success' && index === state.attempts.length - 1,
      validation_passed: it?.validation?.passed ?? null,
      validation_gates_run: it?.validation?.gates.length ?? 0,
      validation_violations: it?.validation?.violations.length ?? 0,
    };
  });
  return {
    per_attempt,
    per_execution: {
      total_attempts: state.attempts.length,
      time_to_success_ms:
        state.status === 'success'
          ? elapsedMs(state.started_at, state.finished_at ?? state.updated_at)
          : null,
      patterns_encountered: unique(state.attempts.map((a) => a.pattern_matched)),
      strategies_used: unique([
        ...state.attempts.map((a) => a.strategy_used),
        ...state.fix_failures.map((f) => f.strategy),
      ]),
      files_modified: unique(state.attempts.flatMap((a) => a.files_modified)),
      final_status: state.status,
      pre_validation_runs: validations.length,
      pre_validation_pass_rate:
        validations.length === 0 ? 0 : validations.filter((v) => v.passed).length / validations.length,
      pre_validation_catches: validations.flatMap((v) => v.violations.map((x) => x.type)),
      regression_checks_run: regressions.filter((r) => r.status !== 'skipped').length,
      regression_checks_skipped: regressions.filter((r) => r.status === 'skipped').length,
      regressions_detected: failedRegressions.reduce((sum, r) => sum + r.regressions, 0),
      regressions_auto_fixed: failedRegressions
        .filter((r) => r.index < lastPass)
        .reduce((sum, r) => sum + r.regressions, 0),
    },
  };
}

function unique(values: (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== null))];
}
