import type { Readable, Writable } from 'node:stream';

/** Everything a command touches outside itself, passed in so tests can run commands in-process. */
export interface Io {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  cwd: string;
}

/** A mistake in how closed-loop was called: one line on stderr, exit status 2. */
export class UsageError extends Error {}

export const EXIT = { ok: 0, deadLetter: 1, usage: 2, escalated: 3, internal: 70, interrupted: 130 } as const;
