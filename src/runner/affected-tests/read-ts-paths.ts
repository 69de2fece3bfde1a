import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { stripJsonComments } from '../../core/validate/strip-json-comments.js';
import type { TsPathsConfig } from '../../core/regression/resolve-js-specifier.js';

interface CompilerOptions {
  baseUrl?: string;
  paths?: Record<string, string[]>;
}

/**
 * `baseUrl` and `paths` from the root tsconfig.json (or jsconfig.json), following relative `extends`;
 * each is taken relative to the file that sets it, as TypeScript does. Undefined when there is none
 * or it does not parse: imports then resolve by relative paths only.
 */
export function readTsPaths(cwd: string): TsPathsConfig | undefined {
  for (const name of ['tsconfig.json', 'jsconfig.json']) {
    const found = readChain(cwd, name, 0);
    if (found) return found;
  }
  return undefined;
}

function readChain(cwd: string, relFile: string, depth: number): TsPathsConfig | undefined {
  let json: { extends?: unknown; compilerOptions?: CompilerOptions };
  try {
    json = JSON.parse(
      stripJsonComments(readFileSync(join(cwd, relFile), 'utf8').replace(/^\uFEFF/, '')),
    ) as typeof json;
  } catch {
    return undefined;
  }
  const dir = posix.dirname(relFile) === '.' ? '' : posix.dirname(relFile);
  const parentRef =
    typeof json.extends === 'string' && json.extends.startsWith('.') ? json.extends : undefined;
  const parentFile =
    parentRef && depth < 5
      ? posix.normalize(posix.join(dir, parentRef.endsWith('.json') ? parentRef : `${parentRef}.json`))
      : undefined;
  const parent =
    parentFile && !parentFile.startsWith('..') ? readChain(cwd, parentFile, depth + 1) : undefined;
  const options = json.compilerOptions ?? {};
  const baseUrl =
    typeof options.baseUrl === 'string' ? clean(posix.join(dir, options.baseUrl)) : (parent?.baseUrl ?? null);
  const ownPaths = options.paths && typeof options.paths === 'object' ? options.paths : undefined;
  return {
    baseUrl,
    paths: ownPaths ?? parent?.paths ?? {},
    pathsBase: baseUrl ?? (ownPaths ? dir : (parent?.pathsBase ?? dir)),
  };
}

/** `posix.join` gives `.` for the root; the resolver wants ``. */
function clean(path: string): string {
  const normal = posix.normalize(path);
  return normal === '.' ? '' : normal.replace(/\/$/, '');
}
