import type { ExecutionSummary } from './aggregate-metrics.js';

const union = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])];

/**
 * One run's summary from its parts: what it did before it stopped (escalated, dead-lettered, interrupted,
 * killed) and what it did once `closed-loop resume` continued it. Counts add up; the outcome is the later
 * part's; the time to success is the later part's own (the time a person took in between is no run's).
 */
export function mergeSummaries(earlier: ExecutionSummary, later: ExecutionSummary): ExecutionSummary {
  const a = earlier.metrics;
  const b = later.metrics;
  const runs = a.pre_validation_runs + b.pre_validation_runs;
  const passed =
    a.pre_validation_pass_rate * a.pre_validation_runs + b.pre_validation_pass_rate * b.pre_validation_runs;
  return {
    metrics: {
      total_attempts: a.total_attempts + b.total_attempts,
      time_to_success_ms: b.time_to_success_ms,
      patterns_encountered: union(a.patterns_encountered, b.patterns_encountered),
      strategies_used: union(a.strategies_used, b.strategies_used),
      files_modified: union(a.files_modified, b.files_modified),
      final_status: b.final_status,
      pre_validation_runs: runs,
      pre_validation_pass_rate: runs === 0 ? 0 : passed / runs,
      pre_validation_catches: [...a.pre_validation_catches, ...b.pre_validation_catches],
      regression_checks_run: a.regression_checks_run + b.regression_checks_run,
      regression_checks_skipped: a.regression_checks_skipped + b.regression_checks_skipped,
      regressions_detected: a.regressions_detected + b.regressions_detected,
      regressions_auto_fixed: a.regressions_auto_fixed + b.regressions_auto_fixed,
    },
    dead_lettered: later.dead_lettered,
    failed_attempts: earlier.failed_attempts + later.failed_attempts,
    validation_failures: earlier.validation_failures + later.validation_failures,
    fixes: [...earlier.fixes, ...later.fixes],
  };
}
