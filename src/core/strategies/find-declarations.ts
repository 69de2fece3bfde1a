import type { Declaration } from './context.js';

/** Quoted words that are language keywords or primitive types, not declarations to look up. */
const PRIMITIVES = new Set([
  'string',
  'number',
  'boolean',
  'bigint',
  'symbol',
  'object',
  'undefined',
  'null',
  'void',
  'never',
  'unknown',
  'any',
  'true',
  'false',
  'this',
  'str',
  'int',
  'float',
  'bool',
  'None',
  'error',
]);
const MAX_IDENTIFIERS = 20;
/** A declaration longer than this is cut: the agent can open the file. */
const MAX_DECLARATION_LINES = 40;

/** Identifiers quoted in error text: `'User'` in "Property 'fullName' does not exist on type 'User'". */
export function quotedIdentifiers(text: string): string[] {
  const found = [...text.matchAll(/['"`‘“]([A-Za-z_$][\w$]*)['"`’”]/g)].map((m) => m[1] ?? '');
  return [...new Set(found.filter((id) => id !== '' && !PRIMITIVES.has(id)))].slice(0, MAX_IDENTIFIERS);
}

const declarationLine = (name: string): RegExp =>
  new RegExp(
    `^\\s*(export\\s+)?(default\\s+)?(declare\\s+)?(abstract\\s+)?(interface|type|class|enum|function|const|let|var|struct|def)\\s+${name.replace(/\$/g, '\\$')}\\b`,
  );

/**
 * Lines of the declaration starting at `start` (0-based), to its closing brace or the end of the statement.
 */
function declarationText(lines: readonly string[], start: number): string {
  let depth = 0;
  let opened = false;
  const out: string[] = [];
  for (let i = start; i < lines.length && out.length < MAX_DECLARATION_LINES; i++) {
    const line = lines[i] ?? '';
    out.push(line);
    for (const ch of line) {
      if (ch === '{' || ch === '(' || ch === '[') {
        depth++;
        opened = true;
      }
      if (ch === '}' || ch === ')' || ch === ']') depth--;
    }
    if ((opened && depth <= 0) || (!opened && /[;]\s*$/.test(line))) break;
  }
  return out.join('\n');
}

/** A Python def or class: its line and the lines indented deeper under it (its body). */
function indentedBlock(lines: readonly string[], start: number): string {
  const indent = (l: string): number => /^\s*/.exec(l)?.[0].length ?? 0;
  const own = indent(lines[start] ?? '');
  const out = [lines[start] ?? ''];
  for (let i = start + 1; i < lines.length && out.length < MAX_DECLARATION_LINES; i++) {
    const line = lines[i] ?? '';
    if (line.trim() !== '' && indent(line) <= own) break;
    out.push(line);
  }
  return out.join('\n').trimEnd();
}

/** The type/interface/class (and function/const) declarations of `names` in one file's text. */
export function findDeclarations(file: string, text: string, names: readonly string[]): Declaration[] {
  const lines = text.split(/\r?\n/);
  const found: Declaration[] = [];
  const python = file.endsWith('.py');
  for (const name of names) {
    const re = declarationLine(name);
    const index = lines.findIndex((line) => re.test(line));
    if (index >= 0)
      found.push({
        name,
        file,
        line: index + 1,
        text: python ? indentedBlock(lines, index) : declarationText(lines, index),
      });
  }
  return found;
}

/** The lines [start, end] (1-based, inclusive) around `line`, ±`radius`. */
export function windowAround(
  lineCount: number,
  line: number,
  radius: number,
): { startLine: number; endLine: number } {
  return { startLine: Math.max(1, line - radius), endLine: Math.min(lineCount, line + radius) };
}
