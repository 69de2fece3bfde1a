import type { ByteFeed } from '../core/analyze/feed-bytes.js';
import { startsWith, stripAnsiBytes } from '../core/analyze/clean-line-bytes.js';

const decoder = new TextDecoder('utf-8');
const ESC = 0x1b;
const NL = 0x0a;

/**
 * Cuts a UTF-8 byte stream into lines for a reader that wants only the lines holding one of a few literals
 * (the failing tests' names), as is or once escape sequences are taken out (a colour can split a word:
 * `F\e[1mAIL`).
 * One native search per literal and chunk finds the lines that hold it as is, one more the lines with an
 * escape, which are checked without their escapes; only the lines found are decoded. Lines longer than
 * `maxBytes` are passed over whole (the reader would ignore them).
 */
export function linesWith(
  literals: readonly string[],
  onLine: (line: string) => void,
  maxBytes = 4096,
): ByteFeed {
  const needles = literals.map((l) => Buffer.from(l, 'utf8'));
  const stripped = new Uint8Array(maxBytes);
  /** The first bytes of the literals. */
  const startsOne = new Uint8Array(256);
  for (const needle of needles) startsOne[needle[0]!] = 1;
  /** Whether a line with an escape holds a literal once its escapes are taken out (one pass, in JS). */
  const holdsStripped = (line: Buffer): boolean => {
    const n = stripAnsiBytes(line, 0, line.length, stripped);
    for (let i = 0; i < n; i++) {
      if (!startsOne[stripped[i]!]) continue;
      for (const needle of needles) if (startsWith(stripped, i, n, needle)) return true;
    }
    return false;
  };
  /** The unfinished last line of the chunks so far; null once it is longer than maxBytes. */
  let carry: Buffer | null = Buffer.alloc(0);
  /**
   * `found`: whether the line holds a literal as is, when a native search of its chunk told (else it holds
   * an escape); undefined for a line carried across chunks.
   */
  const emit = (line: Buffer, found?: boolean): void => {
    if (line.length > maxBytes) return;
    found ??= needles.some((n) => line.includes(n));
    if (!found && !(line.includes(ESC) && holdsStripped(line))) return;
    const end = line.length > 0 && line[line.length - 1] === 0x0d ? line.length - 1 : line.length;
    onLine(decoder.decode(line.subarray(0, end)));
  };
  return {
    push(chunk) {
      const b = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
      let start = 0;
      const first = b.indexOf(NL);
      if (first === -1) {
        carry = carry !== null && carry.length + b.length <= maxBytes ? Buffer.concat([carry, b]) : null;
        return;
      }
      if (carry !== null) emit(Buffer.concat([carry, b.subarray(0, first)]));
      start = first + 1;
      // The starts of the complete lines that may hold a literal, in order, each once: a line found is not
      // searched again for the same literal (a coloured log has many escapes a line).
      const last = b.lastIndexOf(NL);
      // Each start maps to whether a literal was found in the line as is (else it holds an escape).
      const starts = new Map<number, boolean>();
      for (const n of [...needles, ESC]) {
        for (let at = b.indexOf(n, start); at !== -1 && at < last; at = b.indexOf(n, b.indexOf(NL, at) + 1)) {
          const s = b.lastIndexOf(NL, at) + 1;
          if (!starts.get(s)) starts.set(s, n !== ESC);
        }
      }
      for (const s of [...starts.keys()].sort((x, y) => x - y))
        emit(b.subarray(s, b.indexOf(NL, s)), starts.get(s)!);
      const tail = b.subarray(last + 1);
      carry = tail.length <= maxBytes ? Buffer.from(tail) : null;
    },
    end() {
      if (carry !== null && carry.length > 0) emit(carry);
      carry = Buffer.alloc(0);
    },
  };
}
