import { computeMetrics, type ExecutionMetrics } from './compute-metrics.js';
import type { LoopState } from './loop-state.js';

export type AggregatedMetrics = {
  success_rate_by_pattern: Record<string, number>;
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
};

/** The seed's aggregated metrics over many executions (one summary per finished loop). */
export function aggregateMetrics(runs: readonly ExecutionSummary[]): AggregatedMetrics {
  const byPattern = new Map<string, { runs: number; successes: number; attempts: number }>();
  for (const { metrics } of runs) {
    for (const p of metrics.patterns_encountered) {
      const entry = byPattern.get(p) ?? { runs: 0, successes: 0, attempts: 0 };
      entry.runs++;
      entry.attempts += metrics.total_attempts;
      if (metrics.final_status === 'success') entry.successes++;
      byPattern.set(p, entry);
    }
  }
  const success_rate_by_pattern: Record<string, number> = {};
  const avg_attempts_by_pattern: Record<string, number> = {};
  for (const [p, e] of [...byPattern].sort(([a], [b]) => a.localeCompare(b))) {
    success_rate_by_pattern[p] = e.successes / e.runs;
    avg_attempts_by_pattern[p] = e.attempts / e.runs;
  }
  const catches = new Map<string, number>();
  for (const t of runs.flatMap((r) => r.metrics.pre_validation_catches))
    catches.set(t, (catches.get(t) ?? 0) + 1);
  const failed = runs.reduce((s, r) => s + r.failed_attempts, 0);
  return {
    success_rate_by_pattern,
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
  };
}

function rate(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}
