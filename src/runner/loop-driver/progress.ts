import type { Writable } from 'node:stream';

/** Where a run tells a watching person what it is doing. Both kinds of line go to stderr. */
export interface ProgressSink {
  /** A line for people: which check runs, elapsed time, each attempt's pattern and strategy, the verdict. */
  info(line: string): void;
  /** The seed's machine-readable `[closed-loop] task=… …` lines (always also in the run's loop.log). */
  log(line: string): void;
  /** The verdict and where its report is; `info` when absent. */
  verdict?(line: string): void;
}

/** How much a terminal run says: `quiet` only the verdict, `verbose` also the seed's log lines. */
export type Verbosity = 'quiet' | 'normal' | 'verbose';

export function streamProgress(stream: Writable, verbosity: Verbosity = 'normal'): ProgressSink {
  const write = (line: string): void => void stream.write(`${line}\n`);
  return {
    info: verbosity === 'quiet' ? () => {} : write,
    log: verbosity === 'verbose' ? write : () => {},
    verdict: write,
  };
}

export const silentProgress: ProgressSink = { info: () => {}, log: () => {} };

export function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)}s` : `${Math.round(ms / 1000)}s`;
}
