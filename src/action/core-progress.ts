import * as core from '@actions/core';
import type { ProgressSink } from '../runner/loop-driver/progress.js';
import { maskOutput } from '../runner/secrets/known-secrets.js';
import { foldCheckOutput, foldLines } from './fold-check-output.js';

/**
 * The run's progress and the seed's `[closed-loop]` lines, in the job's log: each check's output in a
 * fold titled with its verdict line, the whole report of a stopped run in a fold of its own. A line of
 * ours that quotes a tool (the heartbeat's last output line) cannot run a v1 workflow command: `##[` is
 * broken by a word joiner.
 */
export function coreProgress(
  write: (text: string) => void = (t) => void process.stdout.write(t),
  /** How the log names a report in the state folder (logReportNames); as it is by default. */
  name: (text: string) => string = (text) => text,
): ProgressSink {
  const say = (line: string): void => core.info(neutral(maskOutput(name(line))));
  return {
    info: say,
    log: say,
    checkEnded: async (run, line) => write(await foldCheckOutput(run, line)),
    report: (title, markdown) =>
      write(foldLines(`closed-loop: ${title}`, name(markdown).trimEnd().split('\n'))),
  };
}

/** `##[error]` quoted in a line of ours stays text: the runner acts on `##[command]` anywhere in a line. */
function neutral(line: string): string {
  return line.replaceAll('##[', '#\u2060#[');
}
