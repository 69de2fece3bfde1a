/**
 * cleanLine's rules read on raw UTF-8 bytes, for the byte scanner (feedBytes): where the cleaned text
 * starts (a timestamp, a plain marker), escapes taken out, and the few shapes it tests without literals.
 */

// [\w@$+\-./\\:]: the bytes of a path, as extract-locations' eslint-stylish header reads one.
const PATH_BYTE = new Uint8Array(128);
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@$+-./\\:')
  PATH_BYTE[c.charCodeAt(0)] = 1;
export const isSpace = (b: number): boolean => b === 0x20 || b === 0x09 || b === 0x0b || b === 0x0c;
/** A digit at i (false past the bytes' end). */
const digitAt = (b: Uint8Array, i: number): boolean => b[i]! >= 0x30 && b[i]! <= 0x39;

/** Where `dddd-dd-ddTdd:dd:dd` has its digits. */
const TIMESTAMP_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];

/**
 * Length of GitHub's `2024-01-02T03:04:05.1234567Z ` prefix at s (cleanLine's TIMESTAMP), or 0. Its
 * separators are tested first: a line without one fails there.
 */
export function timestampLength(b: Uint8Array, s: number, e: number): number {
  if (e - s < 20) return 0;
  if (b[s + 4] !== 0x2d || b[s + 7] !== 0x2d || b[s + 10] !== 0x54 || b[s + 13] !== 0x3a) return 0;
  if (b[s + 16] !== 0x3a) return 0;
  for (let k = 0; k < TIMESTAMP_DIGITS.length; k++) if (!digitAt(b, s + TIMESTAMP_DIGITS[k]!)) return 0;
  let i = s + 19;
  if (b[i] === 0x2e && i + 1 < e && digitAt(b, i + 1)) {
    i += 2;
    while (i < e && digitAt(b, i)) i++;
  }
  if (i >= e || b[i] !== 0x5a) return 0;
  i++;
  return (i < e && b[i] === 0x20 ? i + 1 : i) - s;
}

const BUILDKITE = new TextEncoder().encode('_bk;t=');

/** Length of a Buildkite stamp's text at s, `_bk;t=1700000000000` and its BEL (BUILDKITE_STAMP), or 0. */
export function buildkiteStampLength(b: Uint8Array, s: number, e: number): number {
  if (b[s] !== 0x5f || !startsWith(b, s, e, BUILDKITE)) return 0;
  let i = s + BUILDKITE.length;
  if (i >= e || !digitAt(b, i)) return 0;
  while (i < e && digitAt(b, i)) i++;
  return (i < e && b[i] === 0x07 ? i + 1 : i) - s;
}

/** GitHub markers that leave the line a plain one (cleanLine's GH_MARKER but group, error and section). */
const PLAIN_MARKERS = ['endgroup', 'debug', 'warning', 'notice', 'command'].map((m) =>
  new TextEncoder().encode(`##[${m}]`),
);

/**
 * Length of a plain marker at s, or 0. (`##[section]Starting: ` starts a step: its literal makes it read.)
 */
export function markerLength(b: Uint8Array, s: number, e: number): number {
  if (b[s] !== 0x23 || b[s + 1] !== 0x23) return 0;
  for (const m of PLAIN_MARKERS) if (startsWith(b, s, e, m)) return m.length;
  return 0;
}

/** What stripAnsiBytes noticed besides the bytes it kept, for a caller that asks. */
export interface Stripped {
  /**
   * An escape it took out followed an unfinished UTF-8 sequence (a character cut by a colour, or bytes that
   * are no UTF-8): decoding its output could then join what decoding the line with its escapes keeps
   * apart. A complete character, or ASCII, before each escape cannot.
   */
  cutCharacter: boolean;
}

/**
 * Copies b[s, e) into out without the escape sequences cleanLine's ANSI expression removes (CSI, OSC and
 * APC up to BEL or ESC \\, lone escapes), tried in that order at each ESC as the expression does.
 */
export function stripAnsiBytes(
  b: Uint8Array,
  s: number,
  e: number,
  out: Uint8Array,
  stripped?: Stripped,
): number {
  let n = 0;
  let i = s;
  if (stripped) stripped.cutCharacter = false;
  while (i < e) {
    const c = b[i]!;
    if (c !== 0x1b) {
      out[n++] = c;
      i++;
      continue;
    }
    const next = i + 1 < e ? b[i + 1]! : -1;
    let end = -1;
    if (next === 0x5b) {
      let j = i + 2;
      while (j < e && b[j]! >= 0x30 && b[j]! <= 0x3f) j++;
      while (j < e && b[j]! >= 0x20 && b[j]! <= 0x2f) j++;
      if (j < e && b[j]! >= 0x40 && b[j]! <= 0x7e) end = j + 1;
    } else if (next === 0x5d || next === 0x5f) {
      let j = i + 2;
      while (j < e && b[j] !== 0x07 && b[j] !== 0x1b) j++;
      if (b[j] === 0x07 && j < e) end = j + 1;
      else if (b[j] === 0x1b && j + 1 < e && b[j + 1] === 0x5c) end = j + 2;
    }
    if (end === -1 && ((next >= 0x40 && next <= 0x5a) || (next >= 0x5c && next <= 0x5f))) end = i + 2;
    if (end === -1) {
      out[n++] = c;
      i++;
    } else {
      if (stripped && n > 0 && out[n - 1]! >= 0x80 && unfinishedBefore(out, n)) stripped.cutCharacter = true;
      i = end;
    }
  }
  return n;
}

/** Whether out[0, n) ends in a UTF-8 sequence shorter than its lead byte says. */
function unfinishedBefore(out: Uint8Array, n: number): boolean {
  let lead = n - 1;
  while (lead > 0 && lead >= n - 4 && (out[lead]! & 0xc0) === 0x80) lead--;
  const c = out[lead]!;
  const size = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
  return n - lead < size;
}

/**
 * A whitespace character beyond ASCII at i (NBSP, the byte-order mark, U+2000–U+200A…): JavaScript's \s
 * and trim() take it as a space, which the byte tests here do not: such lines are read.
 */
export function unicodeSpaceAt(b: Uint8Array, i: number, e: number): boolean {
  const c = b[i]!;
  if (c < 0x80) return false;
  const c1 = i + 1 < e ? b[i + 1]! : 0;
  const c2 = i + 2 < e ? b[i + 2]! : 0;
  if (c === 0xc2) return c1 === 0xa0;
  if (c === 0xe1) return c1 === 0x9a && c2 === 0x80;
  if (c === 0xe2)
    return (
      (c1 === 0x80 && (c2 <= 0x8a || c2 === 0xa8 || c2 === 0xa9 || c2 === 0xaf)) ||
      (c1 === 0x81 && c2 === 0x9f)
    );
  if (c === 0xe3) return c1 === 0x80 && c2 === 0x80;
  return c === 0xef && c1 === 0xbb && c2 === 0xbf;
}

/**
 * Could the trimmed line be a path alone (`src/a.ts`): no ASCII byte outside a path, no inner space, a `.x`.
 */
export function maybePath(b: Uint8Array, f: number, e: number): boolean {
  let dot = false;
  let spaced = false;
  for (let i = f; i < e; i++) {
    const c = b[i]!;
    if (c >= 0x80) continue;
    if (PATH_BYTE[c] === 1) {
      if (spaced) return false;
      if (c === 0x2e && i + 1 < e && (b[i + 1]! | 0x20) >= 0x61 && (b[i + 1]! | 0x20) <= 0x7a) dot = true;
    } else if (isSpace(c)) spaced = true;
    else return false;
  }
  return dot;
}

export const SHELL = new TextEncoder().encode('shell: ');
export const ENV = new TextEncoder().encode('env:');
export function startsWith(b: Uint8Array, s: number, e: number, prefix: Uint8Array): boolean {
  if (e - s < prefix.length) return false;
  for (let k = 0; k < prefix.length; k++) if (b[s + k] !== prefix[k]) return false;
  return true;
}

/** `  NODE_ENV: test`: FailureTracker's FRAMING `\s+[A-Z_]+: `, from the first non-space byte f. */
export function envFraming(b: Uint8Array, f: number, e: number): boolean {
  let i = f;
  while (i < e && ((b[i]! >= 0x41 && b[i]! <= 0x5a) || b[i] === 0x5f)) i++;
  return i > f && b[i] === 0x3a && b[i + 1] === 0x20 && i + 1 < e;
}
