import { FIX_FATES, type FixFate, type OutcomeEvent } from './outcome-event.js';
import type { FixSummary } from './fix-fates.js';
import type { LoopSummary } from './summarize-loops.js';

/** The name figures give a failure no pattern recognised. */
export const UNRECOGNISED = '(unrecognised)';

/** What works, for one pattern (strategy null: all its strategies together) or one pattern's strategy. */
export interface PatternFigures {
  pattern: string;
  strategy: string | null;
  /** Decided loops: fixed or rescued, escalated, dead-lettered or held (pending ones wait). */
  loops: number;
  succeeded: number;
  escalated: number;
  dead_letters: number;
  success_rate: number;
  escalation_rate: number;
  dead_letter_rate: number;
  avg_attempts: number;
  /** Re-runs whose result is known, and how many turned the run green; the rate is null without any. */
  reruns: number;
  rescued: number;
  rerun_rescue_rate: number | null;
  fixes: Record<FixFate, number>;
  /** Of the fixes whose fate is sealed (not kept, not abandoned): the share merged and not reverted since. */
  fix_acceptance_rate: number | null;
  /** Over the loops that went green. */
  time_to_green_ms: { mean: number | null; median: number | null; count: number };
  /** At least outer_loop.min_loops loops and a success rate below outer_loop.threshold. */
  underperforming: boolean;
}

export interface OuterLoopSettings {
  min_loops: number;
  threshold: number;
}

const rate = (part: number, whole: number): number => (whole === 0 ? 0 : part / whole);

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function figures(
  pattern: string,
  strategy: string | null,
  loops: LoopSummary[],
  reruns: OutcomeEvent[],
  fixes: FixSummary[],
  settings: OuterLoopSettings,
): PatternFigures {
  const decided = loops.filter((l) => l.succeeded !== null);
  const succeeded = decided.filter((l) => l.succeeded).length;
  const deadLetters = decided.filter((l) => l.outcome === 'dead_letter').length;
  const escalated = decided.length - succeeded - deadLetters;
  const rescued = reruns.filter((r) => r.outcome === 'rescued').length;
  const fates = Object.fromEntries(FIX_FATES.map((f) => [f, 0])) as Record<FixFate, number>;
  for (const f of fixes) fates[f.fate] += 1;
  const sealed = fates.merged + fates.undone + fates.reverted + fates.reverted_after_merge;
  const greens = decided.flatMap((l) => (l.time_to_green_ms === null ? [] : [l.time_to_green_ms]));
  const successRate = rate(succeeded, decided.length);
  return {
    pattern,
    strategy,
    loops: decided.length,
    succeeded,
    escalated,
    dead_letters: deadLetters,
    success_rate: successRate,
    escalation_rate: rate(escalated, decided.length),
    dead_letter_rate: rate(deadLetters, decided.length),
    avg_attempts: rate(
      decided.reduce((sum, l) => sum + l.attempts, 0),
      decided.length,
    ),
    reruns: reruns.length,
    rescued,
    rerun_rescue_rate: reruns.length === 0 ? null : rescued / reruns.length,
    fixes: fates,
    fix_acceptance_rate: sealed === 0 ? null : fates.merged / sealed,
    time_to_green_ms: {
      mean: greens.length === 0 ? null : greens.reduce((a, b) => a + b, 0) / greens.length,
      median: median(greens),
      count: greens.length,
    },
    underperforming: decided.length >= settings.min_loops && successRate < settings.threshold,
  };
}

export interface FigureInput {
  loops: readonly LoopSummary[];
  /** `rerun` events whose result is known (rescued or not_rescued). */
  reruns: readonly OutcomeEvent[];
  fixes: readonly FixSummary[];
}

const nameOf = (pattern: string | null): string => pattern ?? UNRECOGNISED;

/**
 * The figures per pattern (strategy null), sorted by name, and per pattern and strategy (`byStrategy`):
 * the loops a strategy ran, the fixes it made. A red run the App only diagnosed has no strategy: it counts
 * for its pattern only.
 */
export function patternFigures(
  input: FigureInput,
  settings: OuterLoopSettings,
): { patterns: PatternFigures[]; byStrategy: PatternFigures[] } {
  const reruns = input.reruns.filter((r) => r.kind === 'rerun' && r.outcome !== 'requested');
  const names = [
    ...new Set([
      ...input.loops.map((l) => nameOf(l.pattern)),
      ...reruns.map((r) => nameOf(r.pattern)),
      ...input.fixes.map((f) => nameOf(f.pattern)),
    ]),
  ].sort((a, b) => a.localeCompare(b));
  const patterns = names.map((p) =>
    figures(
      p,
      null,
      input.loops.filter((l) => nameOf(l.pattern) === p),
      reruns.filter((r) => nameOf(r.pattern) === p),
      input.fixes.filter((f) => nameOf(f.pattern) === p),
      settings,
    ),
  );
  const pairs = new Map<string, [string, string]>();
  for (const x of [...input.loops, ...input.fixes])
    if (x.strategy !== null)
      pairs.set(`${nameOf(x.pattern)}\n${x.strategy}`, [nameOf(x.pattern), x.strategy]);
  const byStrategy = [...pairs.values()]
    .sort(([a, s], [b, t]) => a.localeCompare(b) || s.localeCompare(t))
    .map(([p, s]) =>
      figures(
        p,
        s,
        input.loops.filter((l) => nameOf(l.pattern) === p && l.strategy === s),
        reruns.filter((r) => nameOf(r.pattern) === p && r.strategy === s),
        input.fixes.filter((f) => nameOf(f.pattern) === p && f.strategy === s),
        settings,
      ),
    );
  return { patterns, byStrategy };
}
