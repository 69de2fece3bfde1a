import { stripCodeComments } from './strip-code-comments.js';

// Run on code whose string contents are blanked; group 1 is the quoted specifier's span.
// `import x from 'y'`, `import type { A } from "y"`, `import 'y'`, `export * from 'y'`, `export { a } from
// 'y'`.
const STATIC_IMPORT =
  /(?:^|[^.\w$])(?:import|export)\s*(?:type\s+)?(?:[\w$*{}\s,]*?\s*from\s*)?(['"][^'"\n]*['"])/dg;
// `import('y')`, `require('y')`, `import x = require('y')`, `require.resolve('y')`.
const CALL_IMPORT = /(?:^|[^.\w$])(?:import|require(?:\.resolve)?)\s*\(\s*(['"`][^'"`\n]*['"`])\s*[,)]/dg;

/** The module specifiers a TypeScript/JavaScript file imports, re-exports or requires (unique). */
export function parseJsImports(source: string): string[] {
  const code = stripCodeComments(source);
  const masked = stripCodeComments(source, { blankStrings: true });
  const found = new Set<string>();
  for (const regex of [STATIC_IMPORT, CALL_IMPORT]) {
    for (const match of masked.matchAll(regex)) {
      const [start, end] = match.indices![1]!;
      const specifier = code.slice(start + 1, end - 1);
      if (specifier !== '' && !specifier.includes('${')) found.add(specifier);
    }
  }
  return [...found];
}
