const encoder = new TextEncoder();

/** The size GitHub counts for summaries: UTF-8 bytes, not UTF-16 code units. */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/**
 * The longest prefix of `text` that fits in `maxBytes` of UTF-8, cut back to the last line break when
 * there is one (a diff cut mid-line reads as a corrupt hunk), never inside a surrogate pair.
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (utf8Length(text) <= maxBytes) return text;
  let bytes = 0;
  let end = 0;
  for (const ch of text) {
    const size = utf8Length(ch);
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += ch.length;
  }
  const cut = text.slice(0, end);
  const lastBreak = cut.lastIndexOf('\n');
  return lastBreak > 0 ? cut.slice(0, lastBreak + 1) : cut;
}

/**
 * Text made safe for one Markdown table cell: one line, pipes escaped, and `<`/`>` as entities so no
 * log text can open an HTML comment (a forged state block), a `<details>`, or a tag of its own.
 */
export function tableCell(text: string, max = 120): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const clipped = line.length <= max ? line : `${line.slice(0, max - 1)}…`;
  return (
    clipped.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '\\|') || '–'
  );
}

/**
 * Text as inline code, in a table cell or a line. A code span shows its text as typed, entities too
 * (`&gt;` would read `&gt;`), so only what would break out of it is changed: backticks (they cannot be
 * escaped there) become `'`, pipes are escaped for the table, and a `<` is written as `&lt;` between two
 * code spans, so no log text puts a raw `<!--` (a forged state block) into the comment's source.
 */
export function inlineCode(text: string, max = 100): string {
  const line = text.replace(/`/g, "'").replace(/\s+/g, ' ').trim();
  const clipped = line.length <= max ? line : `${line.slice(0, max - 1)}…`;
  return (clipped || '–')
    .replace(/\|/g, '\\|')
    .split('<')
    .map((part) => (part === '' ? '' : `\`${part}\``))
    .join('&lt;');
}

/** `0.3s`, `12.4s`, `2m 05s`, `1h 02m`: how long a check or an attempt took. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 60) return `${s.toFixed(1)}s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes}m ${String(Math.floor(s % 60)).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** The 7-character form of a commit SHA, as git prints it. */
export function shortSha(sha: string): string {
  return sha.slice(0, 7);
}

/** `1 attempt`, `3 attempts`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
