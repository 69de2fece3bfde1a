import { resolve } from 'node:path';
import { UsageError } from './io.js';

/** `--state-dir DIR` as typed: relative to where the command was run, like any path on a command line. */
export function stateDirFlag(cwd: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '')
    throw new UsageError('--state-dir needs a directory (leave it out for .git/closed-loop/)');
  return resolve(cwd, value);
}
