/** Untrusted bodies are read up to this many characters (GitHub caps a PR body at 65,536). */
const MAX_BODY_CHARS = 262_144;

const FENCE = /^\s*(`{3,}|~{3,})/;

/**
 * The lines of a Markdown text as a reader sees them: CRLF and lone CR read as line breaks, and the
 * lines of fenced code blocks and HTML comments blanked (kept as empty strings, so line numbers still
 * point at the source). A fake checkbox in a code sample or a PR template's `<!-- - [ ] example -->`
 * is therefore never a criterion. A fence left open runs to the end, as CommonMark reads it.
 */
export function visibleLines(text: string): string[] {
  const lines = text.slice(0, MAX_BODY_CHARS).split(/\r\n|\r|\n/);
  const out: string[] = [];
  let fence: string | null = null;
  let inComment = false;
  for (const line of lines) {
    if (fence !== null) {
      if (isFenceClose(line, fence)) fence = null;
      out.push('');
      continue;
    }
    let rest = line;
    if (inComment) {
      const end = rest.indexOf('-->');
      if (end < 0) {
        out.push('');
        continue;
      }
      inComment = false;
      rest = rest.slice(end + 3);
    }
    const opening = inComment || rest !== line ? null : FENCE.exec(rest);
    if (opening?.[1] !== undefined) {
      fence = opening[1];
      out.push('');
      continue;
    }
    const stripped = stripComments(rest);
    inComment = stripped.open;
    out.push(stripped.text);
  }
  return out;
}

function isFenceClose(line: string, fence: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= fence.length && trimmed === (fence[0] ?? '`').repeat(trimmed.length);
}

/** `line` without its `<!-- … -->` parts; `open` when a comment starts and does not end on it. */
function stripComments(line: string): { text: string; open: boolean } {
  let text = '';
  let rest = line;
  for (;;) {
    const start = rest.indexOf('<!--');
    if (start < 0) return { text: text + rest, open: false };
    text += rest.slice(0, start);
    const end = rest.indexOf('-->', start + 4);
    if (end < 0) return { text, open: true };
    rest = rest.slice(end + 3);
  }
}
