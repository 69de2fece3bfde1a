import { dirnamePosix, joinPosix } from './posix-path.js';
import type { PythonImport } from './parse-python-imports.js';

/**
 * The project files a Python import names. Absolute imports are looked up from every root (the repo
 * root, each top-level directory for the src/ layout, the importing file's own directory); relative
 * ones from the importing file's package. `from a import b` names a/b.py when b is a submodule, and
 * a.py or a/__init__.py in any case.
 */
export function resolvePythonImport(
  fromFile: string,
  imp: PythonImport,
  files: ReadonlySet<string>,
  roots: readonly string[],
): string[] {
  const found = new Set<string>();
  const bases = imp.level > 0 ? [relativeBase(fromFile, imp.level)] : [...roots, dirnamePosix(fromFile)];
  const modulePath = imp.module.replace(/\./g, '/');
  for (const base of bases) {
    if (base === null) continue;
    const moduleBase = joinPosix(base, modulePath);
    if (moduleBase === null) continue;
    const submodules = imp.names.flatMap((name) =>
      name === '*' ? [] : probeModule(joinPosix(moduleBase, name), files),
    );
    const module = moduleBase === '' ? probeRootInit(files) : probeModule(moduleBase, files);
    const hits = [...submodules, ...module];
    if (hits.length > 0) {
      for (const hit of hits) found.add(hit);
      break;
    }
  }
  found.delete(fromFile);
  return [...found];
}

/** The top-level directories that hold Python files below them: the roots of a src/ layout. */
export function pythonRoots(files: Iterable<string>): string[] {
  const roots = new Set<string>(['']);
  for (const file of files) {
    const slash = file.indexOf('/');
    if (file.endsWith('.py') && slash !== -1 && file.indexOf('/', slash + 1) !== -1)
      roots.add(file.slice(0, slash));
  }
  return [...roots];
}

function relativeBase(fromFile: string, level: number): string | null {
  return joinPosix(dirnamePosix(fromFile), ...Array<string>(level - 1).fill('..'));
}

function probeModule(base: string | null, files: ReadonlySet<string>): string[] {
  if (base === null || base === '') return [];
  for (const candidate of [`${base}.py`, `${base}/__init__.py`, `${base}.pyi`])
    if (files.has(candidate)) return [candidate];
  return [];
}

function probeRootInit(files: ReadonlySet<string>): string[] {
  return files.has('__init__.py') ? ['__init__.py'] : [];
}
