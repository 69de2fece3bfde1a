import type { AggregatedMetrics } from '../loop/aggregate-metrics.js';

const pct = (x: number): string => `${Math.round(x * 100)}%`;

/** `closed-loop stats` for a terminal: the seed's aggregate metrics, by their names, and per pattern. */
export function renderStats(m: AggregatedMetrics, runs: number, source: string): string {
  if (runs === 0)
    return `No finished run recorded in ${source} yet: closed-loop run records each one there.\n`;
  const patterns = Object.keys(m.success_rate_by_pattern);
  const width = Math.max(7, ...patterns.map((p) => p.length));
  // A pattern no fix was tried on has no success rate ('–'), not 0%: nothing was tried that failed.
  const rows = patterns.map((p) => {
    const rate = m.success_rate_by_pattern[p] ?? null;
    return `  ${p.padEnd(width)}  ${(rate === null ? '–' : pct(rate)).padStart(12)}  ${String(m.fix_attempts_by_pattern[p] ?? 0).padStart(12)}  ${(m.avg_attempts_by_pattern[p] ?? 0).toFixed(1).padStart(12)}`;
  });
  return [
    `${runs} run(s) recorded in ${source}`,
    '',
    `escalation_rate                     ${pct(m.escalation_rate)}`,
    `dead_letter_rate                    ${pct(m.dead_letter_rate)}`,
    `pre_validation_catch_rate           ${pct(m.pre_validation_catch_rate)}`,
    `most_common_pre_validation_catches  ${m.most_common_pre_validation_catches.join(', ') || '–'}`,
    '',
    ...(rows.length === 0
      ? ['No pattern was met (every run passed at once).']
      : [`  ${'pattern'.padEnd(width)}  success_rate  fix_attempts  avg_attempts`, ...rows]),
    '',
  ].join('\n');
}
