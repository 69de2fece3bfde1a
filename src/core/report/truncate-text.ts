/** The seed's cap on error text carried into reports (stdout/stderr are truncated to 2000 chars). */
const MAX_ERROR_CHARS = 2000;

const MARK = '… [truncated]';

/** Cuts `text` to at most `max` characters, saying so at the end when it did. */
export function truncateText(text: string, max: number = MAX_ERROR_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - MARK.length))}${MARK}`;
}

/** The first non-blank line of `text`, trimmed (empty when there is none). */
export function firstLine(text: string | null | undefined): string {
  for (const line of (text ?? '').split(/\r?\n/)) {
    if (line.trim() !== '') return line.trim();
  }
  return '';
}

/** Keeps a one-line summary short: at most `max` characters, with an ellipsis when cut. */
export function clipLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

/**
 * Keeps a message of a few lines short (an annotation's: an assertion's `Expected: 6` / `Received: 5` stay
 * on their lines): each line clipped, the whole at most `max` characters.
 */
export function clipLines(text: string, max: number): string {
  const lines = text.split('\n').map((l) => clipLine(l, max));
  return truncateText(lines.filter((l) => l !== '').join('\n'), max);
}

/** Keeps at most `max` words of `text`, with an ellipsis when cut. */
export function clampWords(text: string, max: number): string {
  const words = text.split(/\s+/).filter((w) => w !== '');
  return words.length <= max ? words.join(' ') : `${words.slice(0, max).join(' ')}…`;
}

/** Distinct values in the order they first appear. */
export function uniqueInOrder<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}
