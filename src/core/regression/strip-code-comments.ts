/**
 * Blanks out `//` and `/* *\/` comments in C-like source (TS, JS, Go, JSON with comments), keeping
 * strings, template literals and every offset intact. With `blankStrings`, the contents of string
 * literals are blanked too (quotes kept), so a regex run on the result sees only code, at the same
 * offsets as in the plain result. Regex literals are not recognised: good enough for finding imports.
 */
export function stripCodeComments(text: string, { blankStrings = false } = {}): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const next = text[i + 1];
    if (ch === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else if (ch === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (ch === '"' || ch === "'" || ch === '`') {
      const stop = endOfString(text, i, ch);
      const literal = text.slice(i, stop);
      out += blankStrings ? ch + literal.slice(1, -1).replace(/[^\n]/g, ' ') + literal.slice(-1) : literal;
      i = stop;
    } else {
      out += ch;
      i += 1;
    }
  }
  return out;
}

/** Index just past the string literal opened at `start`; a plain quote never spans a line. */
function endOfString(text: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\') i += 2;
    else if (ch === quote) return i + 1;
    else if (ch === '\n' && quote !== '`') return i;
    else i += 1;
  }
  return text.length;
}
