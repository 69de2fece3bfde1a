import type { Analyzer } from './create-analyzer.js';

/** Time an analysis may spend matching one check's output before it gives up on the rest. */
export const ANALYSIS_LIMIT_MS = 20_000;

export interface DeadlineAnalyzer extends Analyzer {
  /** Why the analysis stopped early (a line for the log and the terminal), or null when it did not. */
  stopped(): string | null;
}

/**
 * `analyzer` with a budget: once matching has taken `limitMs` in all (a custom pattern that is slow on
 * this output), later lines are no longer analyzed, and the diagnosis covers the lines before. `now`
 * is a millisecond clock, passed in so the core stays pure.
 */
export function withDeadline(
  analyzer: Analyzer,
  now: () => number,
  limitMs = ANALYSIS_LIMIT_MS,
): DeadlineAnalyzer {
  let spent = 0;
  let stopped: string | null = null;
  const timed = (work: () => void): void => {
    if (stopped !== null) return;
    const started = now();
    work();
    spent += now() - started;
    if (spent > limitMs) {
      stopped =
        `closed-loop: the analysis stopped at line ${analyzer.lines()} after ${(spent / 1000).toFixed(1)} s of matching (the limit is ${limitMs / 1000} s): ` +
        "a custom pattern is too slow on this output; the diagnosis covers the lines before; simplify the pattern's regular expressions";
    }
  };
  return {
    push: (raw) => timed(() => analyzer.push(raw)),
    pushBytes: (chunk) => timed(() => analyzer.pushBytes(chunk)),
    endBytes: () => timed(() => analyzer.endBytes()),
    lines: () => analyzer.lines(),
    startStep: () => analyzer.startStep(),
    finish: () => analyzer.finish(),
    stopped: () => stopped,
  };
}
