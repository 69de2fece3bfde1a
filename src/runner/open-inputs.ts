import { createReadStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
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

export function openInput(file: string, cwd: string, stdin: Readable): Readable {
  return file === '-' ? stdin : createReadStream(resolve(cwd, file), { highWaterMark: 1 << 20 });
}
