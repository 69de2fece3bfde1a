import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CheckSchema, type Check } from '../../core/config/schema.js';
import type { CheckType } from '../../core/vocabulary.js';

/** A file's text, or null when the project has no such file (or it is a directory). */
export async function readProjectFile(cwd: string, name: string): Promise<string | null> {
  try {
    return await readFile(join(cwd, name), 'utf8');
  } catch {
    return null;
  }
}

export async function hasProjectFile(cwd: string, name: string): Promise<boolean> {
  try {
    return (await stat(join(cwd, name))).isFile();
  } catch {
    return false;
  }
}

/**
 * A detected check, with the schema's defaults (the 600 s timeout) so it is exactly what a config would give.
 */
export function detectedCheck(name: string, type: CheckType, command: string): Check {
  return CheckSchema.parse({ name, type, command });
}
