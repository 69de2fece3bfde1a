/** Reports show at most this much of a check's output: the seed truncates them to 2000 characters. */
export const EXCERPT_CHARS = 2000;

export interface Excerpt {
  push(text: string): void;
  /** The last ≤ EXCERPT_CHARS characters, starting at a line when one starts early enough in them. */
  text(): string;
}

/** Keeps only the end of the output — where tools print their errors and summaries — however long it is. */
export function createExcerpt(limit = EXCERPT_CHARS): Excerpt {
  let tail = '';
  let seen = 0;
  return {
    push(text) {
      seen += text.length;
      tail = (text.length >= limit ? text : tail + text).slice(-limit);
    },
    text() {
      if (seen <= limit) return tail;
      // A report reads better from a line's start; a quarter of the room is the most worth giving up for it.
      const nl = tail.indexOf('\n');
      return nl !== -1 && nl < limit / 4 ? tail.slice(nl + 1) : tail;
    },
  };
}
