import type { ByteFeed } from '../core/analyze/feed-bytes.js';

const decoder = new TextDecoder('utf-8');

/**
 * Cuts a UTF-8 byte stream into lines for a reader that wants only the lines holding one of a few literals
 * (the failing tests' names): one native search per literal and chunk finds them, and only those lines
 * are decoded. Lines longer than `maxBytes` are passed over whole (the reader would ignore them).
 */
export function linesWith(
  literals: readonly string[],
  onLine: (line: string) => void,
  maxBytes = 4096,
): ByteFeed {
  const needles = literals.map((l) => Buffer.from(l, 'utf8'));
  /** The unfinished last line of the chunks so far; null once it is longer than maxBytes. */
  let carry: Buffer | null = Buffer.alloc(0);
  const emit = (line: Buffer): void => {
    if (line.length > maxBytes) return;
    if (!needles.some((n) => line.includes(n))) return;
    const end = line.length > 0 && line[line.length - 1] === 0x0d ? line.length - 1 : line.length;
    onLine(decoder.decode(line.subarray(0, end)));
  };
  return {
    push(chunk) {
      const b = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
      let start = 0;
      const first = b.indexOf(0x0a);
      if (first === -1) {
        carry = carry !== null && carry.length + b.length <= maxBytes ? Buffer.concat([carry, b]) : null;
        return;
      }
      if (carry !== null) emit(Buffer.concat([carry, b.subarray(0, first)]));
      start = first + 1;
      // The starts of the complete lines that hold a literal, in order, each once.
      const last = b.lastIndexOf(0x0a);
      const starts = new Set<number>();
      for (const n of needles) {
        for (let at = b.indexOf(n, start); at !== -1 && at < last; at = b.indexOf(n, at + 1))
          starts.add(b.lastIndexOf(0x0a, at) + 1);
      }
      for (const s of [...starts].sort((x, y) => x - y)) emit(b.subarray(s, b.indexOf(0x0a, s)));
      const tail = b.subarray(last + 1);
      carry = tail.length <= maxBytes ? Buffer.from(tail) : null;
    },
    end() {
      if (carry !== null && carry.length > 0) emit(carry);
      carry = Buffer.alloc(0);
    },
  };
}
