import { isAbsolute, relative, sep } from 'node:path';
import { matchGlob } from '../../core/validate/match-glob.js';
import { loadSourceContext, resolveImports } from './source-context.js';

export interface DependentsOptions {
  /** Levels of importers to follow: 1 = files importing the input files directly. */
  depth: number;
  /** Globs (config `regression.exclude_patterns`) of files never returned nor followed. */
  exclude: readonly string[];
}

/** Who imports whom in one repository, built once by reading every source file. */
export interface ImportGraph {
  /** file → the project files it imports. */
  imports: ReadonlyMap<string, readonly string[]>;
  /** file → the project files importing it. */
  importers: ReadonlyMap<string, readonly string[]>;
}

/** Repo-relative paths of the project files `file` imports (TS/JS, Python, Go). */
export function findImports(cwd: string, file: string): string[] {
  return resolveImports(loadSourceContext(cwd), toRepoPath(cwd, file)).sort();
}

/**
 * Files that import any of `files`, transitively up to `depth` levels, minus `exclude` matches and
 * the input files themselves; sorted.
 */
export function findDependents(cwd: string, files: readonly string[], options: DependentsOptions): string[] {
  return dependentsIn(
    buildImportGraph(cwd),
    files.map((f) => toRepoPath(cwd, f)),
    options,
  );
}

export function buildImportGraph(cwd: string): ImportGraph {
  const ctx = loadSourceContext(cwd);
  const imports = new Map<string, string[]>();
  const importers = new Map<string, string[]>();
  for (const file of ctx.sources) {
    const targets = resolveImports(ctx, file);
    imports.set(file, targets);
    for (const target of targets) importers.set(target, [...(importers.get(target) ?? []), file]);
  }
  return { imports, importers };
}

/** The breadth-first walk of `findDependents` on a graph already built. */
export function dependentsIn(
  graph: ImportGraph,
  files: readonly string[],
  { depth, exclude }: DependentsOptions,
): string[] {
  const inputs = new Set(files);
  const seen = new Set<string>(files);
  const found: string[] = [];
  let frontier = [...inputs];
  for (let level = 0; level < depth && frontier.length > 0; level += 1) {
    const next: string[] = [];
    for (const file of frontier) {
      for (const importer of graph.importers.get(file) ?? []) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        if (exclude.some((pattern) => matchGlob(pattern, importer))) continue;
        found.push(importer);
        next.push(importer);
      }
    }
    frontier = next;
  }
  return found.sort();
}

/** Accepts absolute or repo-relative paths (either separator); returns repo-relative POSIX. */
export function toRepoPath(cwd: string, file: string): string {
  const rel = isAbsolute(file) ? relative(cwd, file) : file;
  return rel.split(sep).join('/').replace(/^\.\//, '');
}
