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

function collect(text: string, regex: RegExp, locate: Locator, out: Location[]): void {
  regex.lastIndex = 0;
  for (const m of text.matchAll(regex)) {
    const loc = locate(m[1] as string, m[2], m[3]);
    if (loc) out.push(loc);
  }
}
