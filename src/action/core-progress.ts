import * as core from '@actions/core';
import type { ProgressSink } from '../runner/loop/progress.js';

/** The run's progress and the seed's `[closed-loop]` lines, in the job's log. */
export function coreProgress(): ProgressSink {
  return { info: (line) => core.info(line), log: (line) => core.info(line) };
}
