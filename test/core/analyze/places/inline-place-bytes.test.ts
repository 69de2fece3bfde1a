import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLocator } from '../../../../src/core/analyze/places/locate.js';
import { inlinePlaces, mayHoldInlinePlace } from '../../../../src/core/analyze/places/inline-places.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const may = (text: string): boolean => {
  const b = bytes(text);
  return mayHoldInlinePlace(b, 0, b.length);
};
const locate = createLocator();
/** Places in the shapes the byte test stands for (a traceback's `File "a.py", line 3` has a literal). */
const shaped = (text: string): number =>
  text.includes('File "') ? 0 : (inlinePlaces(text, locate) ?? []).length;

describe('mayHoldInlinePlace: the byte test that lets the scanner skip numbers that are no place', () => {
  it.each([
    'src/a.ts:3:7 error no-unused-vars',
    'src/user.ts(3,12): error TS2339: Property',
    '[ERROR] /src/Foo.java:[10,5] cannot find symbol',
    '    at Object.<anonymous> (src/parse.test.js:4:28)',
    '--> src/main.rs:2:5',
    'x_test.go:12: got 4, want 5',
  ])('keeps a place: %s', (line) => {
    expect(shaped(line)).toBeGreaterThan(0);
    expect(may(line)).toBe(true);
  });

  it.each([
    '   Start at  20:03:10',
    '--- PASS: TestParse/two (0.00s)',
    '[INFO] --- maven-resources-plugin:3.3.0:resources (default-resources) @ shop ---',
    'section_start:1795176083:prepare_executor',
    'gcc is already the newest version (4:12.2.0-3).',
    'Version: 20251112.124.1',
  ])('skips a number that is no place: %s', (line) => {
    expect(shaped(line)).toBe(0);
    expect(may(line)).toBe(false);
  });

  it('never skips a line in which inlinePlaces finds a place (any text, paths and numbers mixed in)', () => {
    const junk = fc
      .array(fc.constantFrom('x', ' ', '.', ':', '(', ')', ',', '12', 'é', '"', '>', 'v1.2', '@', '-'), {
        maxLength: 6,
      })
      .map((a) => a.join(''));
    const line = fc
      .tuple(
        junk,
        fc.constantFrom('', ' ', '(', '\t', '❯ ', "'", '['),
        fc.constantFrom(
          'src/a.ts',
          'lib/x.py',
          'A.java',
          'a.cs',
          'f.go',
          '@s/p.mjs',
          'C:\\a\\b.cs',
          'x.',
          'ab',
        ),
        fc.constantFrom(':', '(', ':[', ' ', '.'),
        fc.constantFrom('3', '12', 'x', ''),
        fc.constantFrom(':5', ',7):', ',7]', ']', ' ', '', ')'),
        junk,
      )
      .map((parts) => parts.join(''));
    let placed = 0;
    fc.assert(
      fc.property(line, (text) => {
        if (shaped(text) === 0) return;
        placed++;
        expect(may(text)).toBe(true);
      }),
      { numRuns: 5000 },
    );
    expect(placed).toBeGreaterThan(250); // about one line in ten holds a place
  });
});
