import { UNRECOGNISED } from './pattern-figures.js';
import type { LoopSummary } from './summarize-loops.js';

/** One point of a pattern's trend: the loops decided in one period and the share that went green. */
export interface TrendPoint {
  period: string;
  loops: number;
  success_rate: number;
}

const DAY = 86_400_000;

/**
 * The success rate per pattern over time: daily periods over a month or less, weekly (from Monday) beyond.
 * Periods without a decided loop of the pattern are left out.
 */
export function patternTrend(loops: readonly LoopSummary[]): {
  period: 'day' | 'week';
  series: { pattern: string; points: TrendPoint[] }[];
} {
  const decided = loops.filter((l) => l.succeeded !== null);
  const times = decided.map((l) => Date.parse(l.ended_at));
  const span = times.length === 0 ? 0 : Math.max(...times) - Math.min(...times);
  const period = span <= 31 * DAY ? 'day' : 'week';
  const bucket = (iso: string): string => {
    const t = new Date(iso);
    const day = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
    const start = period === 'day' ? day : day - ((t.getUTCDay() + 6) % 7) * DAY;
    return new Date(start).toISOString().slice(0, 10);
  };
  const byPattern = new Map<string, Map<string, { loops: number; ok: number }>>();
  for (const l of decided) {
    const name = l.pattern ?? UNRECOGNISED;
    const periods = byPattern.get(name) ?? new Map<string, { loops: number; ok: number }>();
    const p = periods.get(bucket(l.ended_at)) ?? { loops: 0, ok: 0 };
    p.loops += 1;
    if (l.succeeded) p.ok += 1;
    periods.set(bucket(l.ended_at), p);
    byPattern.set(name, periods);
  }
  return {
    period,
    series: [...byPattern]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([pattern, periods]) => ({
        pattern,
        points: [...periods]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([p, v]) => ({ period: p, loops: v.loops, success_rate: v.ok / v.loops })),
      })),
  };
}
