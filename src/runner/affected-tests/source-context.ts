import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dirnamePosix } from '../../core/regression/posix-path.js';
import { parseGoImports, parseGoModulePath } from '../../core/regression/parse-go-imports.js';
import { parseJsImports } from '../../core/regression/parse-js-imports.js';
import { parsePythonImports } from '../../core/regression/parse-python-imports.js';
import { resolveGoImportDir, type GoModule } from '../../core/regression/resolve-go-import.js';
import { resolveJsSpecifier, type TsPathsConfig } from '../../core/regression/resolve-js-specifier.js';
import { pythonRoots, resolvePythonImport } from '../../core/regression/resolve-python-import.js';
import { listRepoFiles } from './list-repo-files.js';
import { readTsPaths } from './read-ts-paths.js';

const JS_FILE = /\.(?:[cm]?[jt]sx?)$/;

/** What resolving imports in one repository needs, gathered once: its files and module settings. */
export interface SourceContext {
  cwd: string;
  files: ReadonlySet<string>;
  sources: string[];
  ts: TsPathsConfig | undefined;
  pythonRoots: string[];
  goModules: GoModule[];
  goPackages: Map<string, string[]>;
}

function isSourceFile(file: string): boolean {
  return JS_FILE.test(file) || file.endsWith('.py') || file.endsWith('.go');
}

export function loadSourceContext(cwd: string): SourceContext {
  const all = listRepoFiles(cwd);
  const sources = all.filter(isSourceFile);
  const goModules: GoModule[] = [];
  for (const file of all.filter((f) => f === 'go.mod' || f.endsWith('/go.mod'))) {
    const path = parseGoModulePath(readText(cwd, file));
    if (path) goModules.push({ path, dir: dirnamePosix(file) });
  }
  const goPackages = new Map<string, string[]>();
  for (const file of sources.filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'))) {
    const dir = dirnamePosix(file);
    goPackages.set(dir, [...(goPackages.get(dir) ?? []), file]);
  }
  return {
    cwd,
    files: new Set(sources),
    sources,
    ts: readTsPaths(cwd),
    pythonRoots: pythonRoots(sources),
    goModules,
    goPackages,
  };
}

/** The project files `file` imports, resolved; packages, built-ins and unknown files are left out. */
export function resolveImports(ctx: SourceContext, file: string, text = readText(ctx.cwd, file)): string[] {
  const found = new Set<string>();
  if (JS_FILE.test(file)) {
    for (const spec of parseJsImports(text)) {
      const hit = resolveJsSpecifier(file, spec, ctx.files, ctx.ts);
      if (hit) found.add(hit);
    }
  } else if (file.endsWith('.py')) {
    for (const imp of parsePythonImports(text)) {
      for (const hit of resolvePythonImport(file, imp, ctx.files, ctx.pythonRoots)) found.add(hit);
    }
  } else if (file.endsWith('.go')) {
    for (const spec of parseGoImports(text)) {
      const dir = resolveGoImportDir(spec, ctx.goModules);
      for (const hit of dir === null ? [] : (ctx.goPackages.get(dir) ?? [])) found.add(hit);
    }
  }
  found.delete(file);
  return [...found];
}

function readText(cwd: string, file: string): string {
  try {
    return readFileSync(join(cwd, file), 'utf8');
  } catch {
    return '';
  }
}
