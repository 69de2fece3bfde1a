import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PackageManifest } from '../../core/strategies/plan-node-dependency.js';

/** package.json of the project; {} when there is none. Throws with the reason when it is not valid JSON. */
export function readManifest(cwd: string): PackageManifest {
  let text: string;
  try {
    text = readFileSync(join(cwd, 'package.json'), 'utf8');
  } catch {
    return {};
  }
  try {
    return JSON.parse(text) as PackageManifest;
  } catch (err) {
    throw new Error(`package.json is not valid JSON (${(err as Error).message})`, { cause: err });
  }
}

/** The `version` of node_modules/<name>/package.json, null when the package is not installed. */
export function installedVersion(cwd: string, name: string): string | null {
  try {
    const pkg = JSON.parse(readFileSync(join(cwd, 'node_modules', name, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : null;
  } catch {
    return null;
  }
}
