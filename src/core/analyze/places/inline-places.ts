import type { Location } from '../../diagnosis.js';
import { PATH } from '../../patterns/tools/path-shape.js';
import type { Locator } from './locate.js';

/**
 * `file:line[:col]` as eslint (unix), mypy, go, ruff, flake8, rustc (-->), vitest (❯), jest stacks, javac
 * print it.
 */
const COLON_FORM = new RegExp(String.raw`(?:^|[\s(\['"❯>])(${PATH}):(\d+)(?::(\d+))?(?=$|[\s:)\],'"-])`, 'g');
/** tsc: `src/a.ts(3,7): error TS2322`. */
const PAREN_FORM = new RegExp(String.raw`(?:^|\s)(${PATH})\((\d+),(\d+)\):`, 'g');
/** Maven: `[ERROR] /src/Foo.java:[10,5] cannot find symbol`. */
const BRACKET_FORM = new RegExp(String.raw`(${PATH}):\[(\d+)(?:,(\d+))?\]`, 'g');
/** Python tracebacks: `File "app/x.py", line 12, in f`. */
const PY_TRACE = /File "([^"]+)", line (\d+)/g;

/** What comes before a place's line number in every shape above: `:12`, `(12,`, `,5`, `:[12`, `line 12`. */
const BEFORE_LINE = [':', '(', ',', ':[', 'line '];
const HAS_LOCATION = new RegExp(`(?:${BEFORE_LINE.map((b) => b.replace(/[([]/g, '\\$&')).join('|')})\\d`);

/** The literals of lines that can hold an inline place: each of BEFORE_LINE before each digit. */
export const INLINE_PLACE_LITERALS: readonly string[] = BEFORE_LINE.flatMap((p) =>
  '0123456789'.split('').map((d) => p + d),
);

/**
 * The `file:line` places a line holds in the common shapes; null when it has no line number in any of them
 * (most lines).
 */
export function inlinePlaces(text: string, locate: Locator): Location[] | null {
  // Cheap substring gates first: most log lines hold no location at all.
  if (!HAS_LOCATION.test(text)) return null;
  const out: Location[] = [];
  if (text.includes('(')) collect(text, PAREN_FORM, locate, out);
  if (text.includes(':[')) collect(text, BRACKET_FORM, locate, out);
  if (out.length === 0) collect(text, COLON_FORM, locate, out);
  if (text.includes('File "')) collect(text, PY_TRACE, locate, out);
  return out;
}

/** The matches of a global `regex`, as matchAll finds them, without the copy of the expression it makes. */
function collect(text: string, regex: RegExp, locate: Locator, out: Location[]): void {
  regex.lastIndex = 0;
  for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
    if (m[0] === '') regex.lastIndex++;
    const loc = locate(m[1] as string, m[2], m[3]);
    if (loc) out.push(loc);
  }
}

const isDigitByte = (b: number | undefined): boolean => b !== undefined && b >= 0x30 && b <= 0x39;
const isLetterByte = (b: number): boolean => (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a;
const isAlnumByte = (b: number): boolean => isLetterByte(b) || isDigitByte(b);
/** `[\w@$+\-]`: the byte before a path's extension dot. */
const isStemByte = (b: number): boolean =>
  isAlnumByte(b) || b === 0x5f || b === 0x40 || b === 0x24 || b === 0x2b || b === 0x2d;

/**
 * Whether UTF-8 bytes[s, e) can hold a place in COLON_FORM, PAREN_FORM or BRACKET_FORM: a `:` or `(` (or
 * `:[`) before a digit, right after a file's extension (`x.ts:3`, `a.cs(3,`, `A.java:[3`). A time
 * (`12:30:05`), a duration (`(0.01s)`) or a version (`plugin:3.3.0`) is none: the byte scanner reads such
 * a line as if it held no literal of these shapes (feedBytes).
 */
export function mayHoldInlinePlace(b: Uint8Array, s: number, e: number): boolean {
  for (let i = s + 1; i < e - 1; i++) {
    const c = b[i]!;
    if (c !== 0x3a && c !== 0x28) continue;
    const digit = c === 0x3a && b[i + 1] === 0x5b ? i + 2 : i + 1;
    if (digit >= e || !isDigitByte(b[digit])) continue;
    // The extension: 1 to 6 letters or digits, a letter first, after a dot after a path's byte.
    let j = i - 1;
    while (j >= s && i - j <= 7 && isAlnumByte(b[j]!)) j--;
    const ext = i - 1 - j;
    if (
      ext >= 1 &&
      ext <= 6 &&
      j - 1 >= s &&
      b[j] === 0x2e &&
      isLetterByte(b[j + 1]!) &&
      isStemByte(b[j - 1]!)
    )
      return true;
  }
  return false;
}
