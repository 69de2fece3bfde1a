import { computeMetrics, type ExecutionMetrics } from './compute-metrics.js';
import type { LoopState } from './loop-state.js';
import { fixOutcomes, type FixOutcome } from './fix-outcomes.js';

export type AggregatedMetrics = {
  /**
   * Per pattern: of the fixes tried on its failures, the share that worked (the failure did not come back
   * on the next evaluation, whatever the run did afterwards); null when no fix was tried on it.
   */
  success_rate_by_pattern: Record<string, number | null>;
  /** Per pattern: how many fixes were tried on its failures (success_rate_by_pattern's whole). */
  fix_attempts_by_pattern: Record<string, number>;
  /** Per pattern: the mean attempts of the runs that met it. */
  avg_attempts_by_pattern: Record<string, number>;
  escalation_rate: number;
  dead_letter_rate: number;
  /** Share of failed attempts that VALIDATE caught before anything was written. */
  pre_validation_catch_rate: number;
  most_common_pre_validation_catches: string[];
};

export type ExecutionSummary = {
  metrics: ExecutionMetrics;
  dead_lettered: boolean;
  failed_attempts: number;
  validation_failures: number;
  /** Every fix tried on a recognised failure, and whether it worked (fixOutcomes). */
  fixes: FixOutcome[];
};

/** The seed's aggregated metrics over many executions (one summary per finished loop). */
export function aggregateMetrics(runs: readonly ExecutionSummary[]): AggregatedMetrics {
  const byPattern = new Map<string, { runs: number; attempts: number; fixes: number; worked: number }>();
  const entry = (p: string) => {
    const e = byPattern.get(p) ?? { runs: 0, attempts: 0, fixes: 0, worked: 0 };
    byPattern.set(p, e);
    return e;
  };
  for (const { metrics, fixes } of runs) {
    for (const p of metrics.patterns_encountered) {
      const e = entry(p);
      e.runs++;
      e.attempts += metrics.total_attempts;
    }
    // A fix is judged on its own: one that worked counts though the run then stopped on another failure.
    for (const f of fixes) {
      const e = entry(f.pattern);
      e.fixes++;
      if (f.worked) e.worked++;
    }
  }
  const success_rate_by_pattern: Record<string, number | null> = {};
  const fix_attempts_by_pattern: Record<string, number> = {};
  const avg_attempts_by_pattern: Record<string, number> = {};
  for (const [p, e] of [...byPattern].sort(([a], [b]) => a.localeCompare(b))) {
    success_rate_by_pattern[p] = e.fixes === 0 ? null : e.worked / e.fixes;
    fix_attempts_by_pattern[p] = e.fixes;
    avg_attempts_by_pattern[p] = e.runs === 0 ? 0 : e.attempts / e.runs;
  }
  const catches = new Map<string, number>();
  for (const t of runs.flatMap((r) => r.metrics.pre_validation_catches))
    catches.set(t, (catches.get(t) ?? 0) + 1);
  const failed = runs.reduce((s, r) => s + r.failed_attempts, 0);
  return {
    success_rate_by_pattern,
    fix_attempts_by_pattern,
    avg_attempts_by_pattern,
    escalation_rate: rate(runs.filter((r) => r.metrics.final_status === 'escalated').length, runs.length),
    dead_letter_rate: rate(runs.filter((r) => r.dead_lettered).length, runs.length),
    pre_validation_catch_rate: rate(
      runs.reduce((s, r) => s + r.validation_failures, 0),
      failed,
    ),
    most_common_pre_validation_catches: [...catches]
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .slice(0, 5)
      .map(([t]) => t),
  };
}

/** The per-execution facts `aggregateMetrics` needs, taken from one loop's state. */
export function summarizeExecution(state: LoopState): ExecutionSummary {
  const failures = state.iterations.filter((i) => i.failure !== null);
  return {
    metrics: computeMetrics(state).per_execution,
    dead_lettered: state.phase === 'DEAD_LETTER',
    failed_attempts: failures.length,
    validation_failures: failures.filter((i) => i.failure?.source === 'pre_validation').length,
    fixes: fixOutcomes(state),
  };
}

function rate(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}
