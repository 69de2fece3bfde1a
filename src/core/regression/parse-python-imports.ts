/**
 * One Python import: `import a.b` → { level: 0, module: 'a.b', names: [] }; `from ..x import y` → level 2.
 */
export interface PythonImport {
  level: number;
  module: string;
  names: string[];
}

const IMPORT = /^[ \t]*import[ \t]+([^\n]+)/gm;
const FROM_IMPORT = /^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]+)/gm;

/** The imports of a Python file; docstrings, comments and `\`-continued lines are handled. */
export function parsePythonImports(source: string): PythonImport[] {
  const text = source
    .replace(/("""|''')[\s\S]*?\1/g, (block) => block.replace(/[^\n]/g, ' '))
    .replace(/#[^\n]*/g, '')
    .replace(/\\\n/g, ' ');
  const found: PythonImport[] = [];
  for (const match of text.matchAll(IMPORT)) {
    for (const name of splitNames(match[1]!)) found.push({ level: 0, module: name, names: [] });
  }
  for (const match of text.matchAll(FROM_IMPORT)) {
    found.push({
      level: match[1]!.length,
      module: match[2]!,
      names: splitNames(match[3]!.replace(/[()]/g, ' ')),
    });
  }
  return found;
}

/** `a.b as c, d` → ['a.b', 'd']; stops at a `;` starting another statement. */
function splitNames(list: string): string[] {
  return (list.split(';')[0] ?? '')
    .split(',')
    .map((part) => part.trim().split(/\s+/)[0] ?? '')
    .filter((name) => /^[\w.]+$/.test(name) || name === '*');
}
