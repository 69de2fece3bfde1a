/**
 * The lines each file gains in `git diff --no-renames` output (any context size), by path, without
 * their `+`. A binary or mode-only change has none; a type change's two sections are joined.
 */
export function parseAddedLines(diff: string): Map<string, string[]> {
  const added = new Map<string, string[]>();
  let lines: string[] | null = null;
  let inHunk = false;
  for (const line of diff.split('\n')) {
    if (line.startsWith('diff --git ')) {
      const path = headerPath(line.slice('diff --git '.length));
      lines = added.get(path) ?? [];
      added.set(path, lines);
      inHunk = false;
    } else if (line.startsWith('@@')) {
      inHunk = true;
    } else if (inHunk && lines && line.startsWith('+')) {
      lines.push(line.slice(1).replace(/\r$/, ''));
    }
  }
  return added;
}

/** The path in `a/P b/P` (no renames: both sides name the same file), quoted by git or not. */
export function headerPath(rest: string): string {
  if (rest.startsWith('"')) return unquote(rest).slice(2);
  return rest.slice(2, 2 + (rest.length - 5) / 2);
}

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/** Reads the C-style quoted string git writes for an unusual path (octal escapes are UTF-8 bytes). */
function unquote(text: string): string {
  const bytes: number[] = [];
  for (let i = 1; i < text.length && text[i] !== '"'; i++) {
    const code = text.codePointAt(i) ?? 0;
    if (code !== 92) { // not a backslash
      bytes.push(...new TextEncoder().encode(String.fromCodePoint(code)));
      if (code > 0xffff) i++;
      continue;
    }
    const next = text[++i] ?? '';
    if (/[0-7]/.test(next)) {
      bytes.push(parseInt(text.slice(i, i + 3), 8));
      i += 2;
    } else {
      bytes.push(ESCAPES[next] ?? next.charCodeAt(0));
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
