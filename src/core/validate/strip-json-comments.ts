/**
 * JSON with comments (tsconfig.json, .vscode/settings.json, *.jsonc) made plain JSON: comments and
 * trailing commas become spaces, so positions and line numbers in parse errors stay right.
 */
export function stripJsonComments(text: string): string {
  const out = text.split('');
  let i = 0;
  const blank = (from: number, to: number): void => {
    for (let k = from; k < to; k++) if (out[k] !== '\n' && out[k] !== '\r') out[k] = ' ';
  };
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      i++;
      while (i < text.length && text[i] !== '"' && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else if (ch === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      blank(i, stop);
      i = stop;
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      blank(i, stop);
      i = stop;
    } else {
      if (ch === ',' && /^\s*[}\]]/.test(nextCode(out, i + 1))) out[i] = ' ';
      i++;
    }
  }
  return out.join('');
}

/** The text after `from` with comments not yet blanked skipped over (enough to see what comes next). */
function nextCode(out: string[], from: number): string {
  const rest = out.slice(from, from + 4096).join('');
  return rest.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, ' ');
}
