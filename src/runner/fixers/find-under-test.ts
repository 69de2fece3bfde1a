import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UnderTest } from '../../core/strategies/context.js';
import { findDeclarations } from '../../core/strategies/find-declarations.js';
import { namedImports, reexportsOf, type NextLook } from '../../core/strategies/follow-exports.js';
import { resolveJsSpecifier } from '../../core/regression/resolve-js-specifier.js';
import { resolvePythonImport } from '../../core/regression/resolve-python-import.js';
import { loadSourceContext, type SourceContext } from '../affected-tests/source-context.js';

/** Barrels followed at most, from the test's import to the definition. */
const MAX_HOPS = 6;
/** Functions under test gathered at most. */
const MAX_UNDER_TEST = 5;

const read = (cwd: string, file: string): string | null => {
  try {
    return readFileSync(join(cwd, file), 'utf8');
  } catch {
    return null;
  }
};

/** The project files a specifier (or Python import) written in `from` names; [] for packages. */
function resolve(ctx: SourceContext, from: string, spec: NextLook['from']): string[] {
  if (typeof spec !== 'string') return resolvePythonImport(from, spec, ctx.files, ctx.pythonRoots);
  const hit = resolveJsSpecifier(from, spec, ctx.files, ctx.ts);
  return hit === null ? [] : [hit];
}

/** Where `name` is defined, starting in `file` and following re-exports; null when it is not found. */
function define(
  ctx: SourceContext,
  file: string,
  name: string,
  via: string[],
  seen: Set<string>,
): UnderTest | null {
  if (via.length > MAX_HOPS || seen.has(`${file}#${name}`)) return null;
  seen.add(`${file}#${name}`);
  const text = read(ctx.cwd, file);
  if (text === null) return null;
  const [found] = findDeclarations(file, text, [name]);
  if (found) return { ...found, via };
  for (const next of reexportsOf(file, text, name)) {
    for (const target of resolve(ctx, file, next.from)) {
      const hit = define(ctx, target, next.name, [...via, file], seen);
      if (hit) return hit;
    }
  }
  return null;
}

/**
 * The functions (classes, constants) the failing tests import from the project, found where they are
 * defined: through barrels (`export { slug } from './slug.js'`, `export *`) and packages' `__init__.py`
 * to the file a fix must change. Names the failure mentions come first.
 */
export function findUnderTest(cwd: string, tests: readonly string[], failure: string | null): UnderTest[] {
  if (tests.length === 0) return [];
  const ctx = loadSourceContext(cwd);
  const wanted: { test: string; from: NextLook['from']; name: string }[] = [];
  for (const test of tests) {
    const text = read(cwd, test);
    if (text === null) continue;
    for (const { from, names } of namedImports(test, text))
      for (const name of names) if (name !== 'default') wanted.push({ test, from, name });
  }
  const mentioned = (name: string): number => (failure?.includes(name) ? 0 : 1);
  wanted.sort((a, b) => mentioned(a.name) - mentioned(b.name));
  const found: UnderTest[] = [];
  const seen = new Set<string>();
  for (const { test, from, name } of wanted) {
    if (found.length >= MAX_UNDER_TEST) break;
    for (const module of resolve(ctx, test, from)) {
      const hit = define(ctx, module, name, [], seen);
      if (hit && !found.some((f) => f.file === hit.file && f.name === hit.name)) {
        found.push(hit);
        break;
      }
    }
  }
  return found;
}
