import type { FileChange } from './changed-since.js';

// What installing a dependency leaves in the tree: node_modules (npm, pnpm, yarn 1), a virtualenv,
// Python's byte code and build metadata, package managers' and task runners' caches. A fix's commit
// holds the declaration and the lockfile; these stay on disk, never in the commit, even in a project
// whose .gitignore does not list them yet. A file already tracked there (vendored on purpose) is not
// install output: its change is committed as any other.
const DIRS = new Set(['node_modules', '.venv', '__pycache__', '.pnpm-store', '.turbo', '.nx', '.mypy_cache']);
const DIR_SUFFIXES = ['.egg-info', '.dist-info'];

/** Whether `path` (repository-relative, `/`-separated) lies where installs and caches write. */
export function isInstallOutput(path: string): boolean {
  const parts = path.split('/');
  const dirs = parts.slice(0, -1);
  return (
    dirs.some((d) => DIRS.has(d) || DIR_SUFFIXES.some((s) => d.endsWith(s))) ||
    /\.py[co]$/.test(parts.at(-1) ?? '')
  );
}

/** The changes a fix may commit: everything but new files an install or a cache wrote. */
export const committableChanges = (changes: readonly FileChange[]): FileChange[] =>
  changes.filter((c) => !(c.status === 'added' && isInstallOutput(c.path)));

/** The paths of `committableChanges`. */
export const committable = (changes: readonly FileChange[]): string[] =>
  committableChanges(changes).map((c) => c.path);
