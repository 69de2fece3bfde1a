import type { Writable } from 'node:stream';

/** Where a run tells a watching person what it is doing. Both kinds of line go to stderr. */
export interface ProgressSink {
  /** A line for people: which check runs, elapsed time, each attempt's pattern and strategy, the verdict. */
  info(line: string): void;
  /** The seed's machine-readable `[closed-loop] task=… …` lines. */
  log(line: string): void;
}

export function streamProgress(stream: Writable): ProgressSink {
  return {
    info: (line) => void stream.write(`${line}\n`),
    log: (line) => void stream.write(`${line}\n`),
  };
}

export const silentProgress: ProgressSink = { info: () => {}, log: () => {} };

export function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)}s` : `${Math.round(ms / 1000)}s`;
}
