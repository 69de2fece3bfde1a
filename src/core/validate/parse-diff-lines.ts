/** One line a change added (numbered in the new file) or removed (numbered in the old file). */
export interface DiffLine {
  line: number;
  text: string;
}

/** What a change did to one file's lines. */
export interface FileLines {
  added: DiffLine[];
  removed: DiffLine[];
}

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/**
 * The lines each file gains and loses in `git diff --no-renames` output (any context size), by path,
 * with their line numbers, so that a refusal can quote exactly what the change did and where.
 */
export function parseDiffLines(diff: string): Map<string, FileLines> {
  const files = new Map<string, FileLines>();
  let current: FileLines | null = null;
  let oldLine = 0;
  let newLine = 0;
  for (const raw of diff.split('\n')) {
    if (raw.startsWith('diff --git ')) {
      const path = headerPath(raw.slice('diff --git '.length));
      current = files.get(path) ?? { added: [], removed: [] };
      files.set(path, current);
      oldLine = 0;
      newLine = 0;
      continue;
    }
    const hunk = HUNK.exec(raw);
    if (hunk) {
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
      continue;
    }
    if (current === null || (oldLine === 0 && newLine === 0)) continue; // headers before the first hunk
    const text = raw.slice(1).replace(/\r$/, '');
    if (raw.startsWith('+')) current.added.push({ line: newLine++, text });
    else if (raw.startsWith('-')) current.removed.push({ line: oldLine++, text });
    else if (raw.startsWith(' ')) {
      oldLine++;
      newLine++;
    }
  }
  return files;
}

/** The same, from the hunks of a parsed patch section (jsdiff's `StructuredPatch.hunks`). */
export function linesOfHunks(
  hunks: readonly { oldStart: number; newStart: number; lines: string[] }[],
): FileLines {
  const out: FileLines = { added: [], removed: [] };
  for (const hunk of hunks) {
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    for (const raw of hunk.lines) {
      const text = raw.slice(1).replace(/\r$/, '');
      if (raw.startsWith('+')) out.added.push({ line: newLine++, text });
      else if (raw.startsWith('-')) out.removed.push({ line: oldLine++, text });
      else if (raw.startsWith(' ')) {
        oldLine++;
        newLine++;
      }
    }
  }
  return out;
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
    if (code !== 92) {
      // not a backslash
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
