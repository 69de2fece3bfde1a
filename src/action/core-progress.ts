import * as core from '@actions/core';
import type { ProgressSink } from '../runner/loop-driver/progress.js';
import { maskOutput } from '../runner/secrets/known-secrets.js';

/** The run's progress and the seed's `[closed-loop]` lines, in the job's log. */
export function coreProgress(): ProgressSink {
  return { info: (line) => core.info(maskOutput(line)), log: (line) => core.info(maskOutput(line)) };
}
