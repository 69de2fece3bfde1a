import { stripCodeComments } from './strip-code-comments.js';

const IMPORT_BLOCK = /(?:^|[\s;])import\s*\(([^)]*)\)/g;
const IMPORT_SINGLE = /(?:^|[\s;])import\s+(?:[\w.]+\s+)?"([^"\n]+)"/g;
const BLOCK_ENTRY = /(?:[\w.]+\s+)?"([^"\n]+)"/g;

/** The import paths of a Go file (`import "x"`, `import alias "x"`, grouped `import ( ... )`), unique. */
export function parseGoImports(source: string): string[] {
  const text = stripCodeComments(source);
  const found = new Set<string>();
  for (const block of text.matchAll(IMPORT_BLOCK)) {
    for (const entry of block[1]!.matchAll(BLOCK_ENTRY)) found.add(entry[1]!);
  }
  for (const single of text.matchAll(IMPORT_SINGLE)) found.add(single[1]!);
  return [...found];
}

/** The module path declared by a go.mod file, or null. */
export function parseGoModulePath(goMod: string): string | null {
  const match = /^\s*module\s+"?([^\s"]+)"?/m.exec(stripCodeComments(goMod));
  return match ? match[1]! : null;
}
