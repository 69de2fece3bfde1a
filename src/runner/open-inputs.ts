import { constants } from 'node:fs';
import { access, open, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';

export class InputError extends Error {}

/** Checks every input up front so a typo in the third file fails before any output is printed. */
export async function checkInputs(files: readonly string[], cwd: string): Promise<void> {
  for (const file of files) {
    if (file === '-') continue;
    const info = await stat(resolve(cwd, file)).catch((err: NodeJS.ErrnoException) => {
      throw new InputError(`cannot read ${file}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`);
    });
    if (info.isDirectory()) throw new InputError(`cannot read ${file}: it is a directory; pass a log file`);
    await access(resolve(cwd, file), constants.R_OK).catch(() => {
      throw new InputError(`cannot read ${file}: permission denied; check the file's owner and mode`);
    });
  }
}

export function openInput(file: string, cwd: string, stdin: Readable): AsyncIterable<Buffer | string> {
  return file === '-' ? stdin : readChunks(resolve(cwd, file));
}

const CHUNK = 1 << 20;

/**
 * A file's bytes, a megabyte at a time, in one buffer read again and again: each chunk is valid until
 * the next is asked for (forEachLine and the analyzer keep no reference), so a log of any size takes
 * one megabyte, where a stream's fresh buffers pile up until the garbage collector runs.
 */
async function* readChunks(path: string): AsyncGenerator<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}
