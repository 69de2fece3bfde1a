import type { CompiledCatalogue } from '../patterns/compile-catalogue.js';

/** A custom pattern slow on a log, and what matching cost. */
export interface SlowPattern {
  id: string;
  /** Its signals' time on the line that took longest to match. */
  lineMs: number;
  /** The built-in patterns' time on that line, timed with it. */
  builtInMs: number;
  /** Matching (every pattern, every line) in all. */
  matchMs: number;
}

/**
 * Times the matching of each line (the prefilter and the signals), keeping the line that took longest: when
 * an analysis runs out of time, each custom pattern is timed on that line alone to name the slow one.
 */
export function createMatchTiming(clock: () => number) {
  let total = 0;
  let slowestMs = -1;
  // The line that took longest is kept to time the patterns on it again, side by side.
  let slowestLine: string | null = null;
  return {
    start: (): number => clock(),
    end(started: number, text: string): void {
      const ms = clock() - started;
      total += ms;
      if (ms > slowestMs) {
        slowestMs = ms;
        slowestLine = text;
      }
    },
    slowest(catalogue: CompiledCatalogue): SlowPattern | null {
      if (slowestLine === null) return null;
      const text = slowestLine;
      const lower = text.toLowerCase();
      const time = (signals: readonly { test(t: string, l: string): boolean }[]): number => {
        const started = clock();
        for (const signal of signals) signal.test(text, lower);
        return clock() - started;
      };
      const builtIn = catalogue.patterns.filter((c) => !catalogue.custom.has(c.pattern.id));
      const builtInMs = time(builtIn.flatMap((c) => c.signals));
      let found: SlowPattern | null = null;
      for (const { pattern, signals } of catalogue.patterns) {
        if (!catalogue.custom.has(pattern.id)) continue;
        const lineMs = time(signals);
        if (found === null || lineMs > found.lineMs)
          found = { id: pattern.id, lineMs, builtInMs, matchMs: total };
      }
      return found;
    },
  };
}
