import type { Writable } from 'node:stream';
import type { CheckRun } from '../checks/run-check.js';

/** Where a run tells a watching person what it is doing. Both kinds of line go to stderr. */
export interface ProgressSink {
  /** A line for people: which check runs, elapsed time, each attempt's pattern and strategy, the verdict. */
  info(line: string): void;
  /** The seed's machine-readable `[closed-loop] task=… …` lines (always also in the run's loop.log). */
  log(line: string): void;
  /** The verdict, a few lines on what failed and where its report is; `info` when absent. */
  verdict?(line: string): void;
  /**
   * A whole report (the seed's Execution Failed, an escalation), also written to the state folder: a
   * terminal shows it with --verbose only, the job log in a fold. Dropped when absent.
   */
  report?(title: string, markdown: string): void;
  /**
   * A check ended; `line` says so in a line (`✓ lint 0.5s`). A sink may show the check's output with it
   * (the job log, in a fold); `info(line)` when absent.
   */
  checkEnded?(run: CheckRun, line: string): void | Promise<void>;
}

/** How much a terminal run says: `quiet` only the verdict, `verbose` also the seed's log lines. */
export type Verbosity = 'quiet' | 'normal' | 'verbose';

export function streamProgress(stream: Writable, verbosity: Verbosity = 'normal'): ProgressSink {
  const write = (line: string): void => void stream.write(`${line}\n`);
  return {
    info: verbosity === 'quiet' ? () => {} : write,
    log: verbosity === 'verbose' ? write : () => {},
    verdict: write,
    report: verbosity === 'verbose' ? (_title, markdown) => write(markdown.trimEnd()) : () => {},
  };
}

export function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)}s` : `${Math.round(ms / 1000)}s`;
}
