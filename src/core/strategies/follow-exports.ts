import { parsePythonImports, type PythonImport } from '../regression/parse-python-imports.js';

/** Where to look next for a name: the module a specifier names, and the name it has there. */
export interface NextLook {
  from: string | PythonImport;
  name: string;
}

const JS_NAMED = /\bimport\s+(?:type\s+)?(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\})?\s*from\s*['"]([^'"]+)['"]/g;
const REQUIRE_NAMED = /\b(?:const|let|var)\s+\{([^}]*)\}\s*=\s*require\(\s*['"]([^'"]+)['"]\s*\)/g;

/** `a, b as c, type D` → [[local, imported]]: [['a','a'], ['c','b'], ['D','D']]. */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter((part) => part !== '')
    .map((part) => {
      const [imported, local] = part.split(/\s+as\s+|\s*:\s*/).map((s) => s.trim());
      return [local ?? imported ?? '', imported ?? ''];
    });
}

/** The names a file imports from each module, as the module calls them (`import { a as b }` → a). */
export function namedImports(file: string, text: string): { from: string | PythonImport; names: string[] }[] {
  if (file.endsWith('.py')) {
    return parsePythonImports(text)
      .filter((imp) => imp.names.length > 0 && !imp.names.includes('*'))
      .map((imp) => ({ from: imp, names: imp.names }));
  }
  const out: { from: string; names: string[] }[] = [];
  for (const m of text.matchAll(JS_NAMED)) {
    const names = [...(m[1] ? ['default'] : []), ...specifiers(m[2] ?? '').map(([, imported]) => imported)];
    if (names.length > 0) out.push({ from: m[3] ?? '', names });
  }
  for (const m of text.matchAll(REQUIRE_NAMED))
    out.push({ from: m[2] ?? '', names: specifiers(m[1] ?? '').map(([, imported]) => imported) });
  return out;
}

/**
 * Where a module that does not define `name` gets it from: a barrel's `export { name } from './x'`,
 * `export * from './x'`, an import it exports again, CommonJS `module.exports = require('./x')`, or a
 * package's `__init__.py` `from .x import name`. In the order written; empty when it names none.
 */
export function reexportsOf(file: string, text: string, name: string): NextLook[] {
  if (file.endsWith('.py')) {
    return parsePythonImports(text)
      .filter((imp) => imp.names.includes(name) || imp.names.includes('*'))
      .map((imp) => ({ from: imp, name }));
  }
  const out: NextLook[] = [];
  for (const m of text.matchAll(/\bexport\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const hit = specifiers(m[1] ?? '').find(([local]) => local === name);
    if (hit) out.push({ from: m[2] ?? '', name: hit[1] });
  }
  // Imported, then exported again under the same or another name.
  const exported = [...text.matchAll(/\bexport\s+\{([^}]*)\}\s*;?/g)].flatMap((m) => specifiers(m[1] ?? ''));
  const local = exported.find(([as]) => as === name)?.[1];
  for (const m of text.matchAll(JS_NAMED)) {
    const hit = specifiers(m[2] ?? '').find(([l]) => l === local);
    if (hit) out.push({ from: m[3] ?? '', name: hit[1] });
  }
  for (const m of text.matchAll(/\bexport\s+\*\s+from\s*['"]([^'"]+)['"]/g))
    out.push({ from: m[1] ?? '', name });
  for (const m of text.matchAll(
    /\bmodule\.exports\s*=\s*(?:\{[^}]*\.\.\.\s*)?require\(\s*['"]([^'"]+)['"]\s*\)/g,
  ))
    out.push({ from: m[1] ?? '', name });
  return out;
}
