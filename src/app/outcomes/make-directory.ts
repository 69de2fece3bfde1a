import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * `mkdir -p` one folder at a time. Node's own `mkdirSync(dir, { recursive: true })` never returns where a
 * filesystem answers ENOENT for a new child of a folder that exists (procfs: DATA_DIR=/proc/x hung the
 * App at start); a plain mkdir there throws ENOENT, which the caller reports.
 */
export function makeDirectory(dir: string): void {
  const missing: string[] = [];
  for (let at = resolve(dir); !existsSync(at); at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder);
    } catch (error) {
      // Another process (a second replica starting) made it meanwhile.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
