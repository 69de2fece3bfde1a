import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/analyze/create-analyzer.js';
import { compileCatalogue } from '../../../src/core/patterns/compile-catalogue.js';
import { defaultPatterns } from '../../../src/core/patterns/default-catalogue.js';

const catalogue = compileCatalogue(defaultPatterns());
const logs = join(import.meta.dirname, '../../fixtures/logs/places');
/** Each place as `file:line[:col]`, with the tool's message for it, in the diagnosis's order. */
const placesOf = (log: string) => {
  const d = analyzeText(catalogue, readFileSync(join(logs, log), 'utf8'));
  return d.locations.map((l, i) => [
    `${l.file}:${l.line}${l.column === null ? '' : `:${l.column}`}`,
    d.messages?.[i],
  ]);
};

// The logs of manifest.places.yml (real runs): where a person would point, and what the tool said there.
describe('places a person would point to', () => {
  it('jest, two files: each failure at its frame with the message under its ● header, never a FAIL banner', () => {
    expect(placesOf('jest-two-files.log')).toEqual([
      [
        'test/a.spec.js:17:26',
        'expect(received).toBe(expected) // Object.is equality\nExpected: 6\nReceived: 5',
      ],
      ['src/cart.js:10:9', 'RangeError: unknown discount code SPRING'],
      ['test/b.spec.js:13:12', 'RangeError: unknown discount code SPRING'],
    ]);
  });

  it("mocha under nyc: the instrumented src/parse.js:2:286 is no place; the tests' frames are", () => {
    expect(placesOf('mocha-nyc-instrumented.log')).toEqual([
      ['test/parse.js:10:24', 'Error: not a price: $3.50'],
      [
        'test/parse.js:13:12',
        'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n105 !== 106',
      ],
    ]);
  });

  it('vitest: a frame in node_modules is no place; the first project frame leads', () => {
    expect(placesOf('vitest-node-modules-frame.log')).toEqual([
      ['src/version.js:4:13', 'TypeError: Invalid Version: release-1.2'],
      ['test/version.spec.js:14:12', 'TypeError: Invalid Version: release-1.2'],
      ['test/version.spec.js:24:43', 'AssertionError: expected false to be true // Object.is equality'],
    ]);
  });

  it("mocha after an esbuild bundle: the bundle's dist/index.js:10 is no place, the test's line is", () => {
    expect(placesOf('mocha-bundled-dist.log')).toEqual([
      ['test/cart.test.js:11:24', 'RangeError: unknown discount code SPRING'],
    ]);
  });

  it('mypy: the real error leads, the unused "type: ignore" printed before it comes after', () => {
    const d = analyzeText(catalogue, readFileSync(join(logs, 'mypy-unused-ignore-first.log'), 'utf8'));
    expect(d.pattern).toBe('type-error');
    expect(placesOf('mypy-unused-ignore-first.log')).toEqual([
      [
        'shop/cart.py:20',
        'shop/cart.py:20: error: Incompatible return value type (got "Decimal", expected "int")  [return-value]',
      ],
      ['shop/money.py:5', 'shop/money.py:5: error: Unused "type: ignore" comment'],
    ]);
  });
});

describe('what a place is, beside the corpus', () => {
  const analyze = (lines: string[]) => analyzeText(catalogue, `${lines.join('\n')}\n`);

  // node --test (Node 20): the import fails in src/duration.js; the TAP report names only the test file.
  const NODE_TEST_MISSING_PACKAGE = [
    'TAP version 13',
    '# node:internal/modules/esm/resolve:873',
    '#   throw new ERR_MODULE_NOT_FOUND(packageName, fileURLToPath(base), null);',
    '#         ^',
    "# Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'ms' imported from /home/runner/work/app/app/src/duration.js",
    '#     at packageResolve (node:internal/modules/esm/resolve:873:9)',
    '#     at moduleResolve (node:internal/modules/esm/resolve:946:18)',
    "#   code: 'ERR_MODULE_NOT_FOUND'",
    '# Node.js v20.20.2',
    '# Subtest: /home/runner/work/app/app/test/duration.test.js',
    'not ok 1 - /home/runner/work/app/app/test/duration.test.js',
    '  ---',
    '  duration_ms: 175.117656',
    "  location: '/home/runner/work/app/app/test/duration.test.js:1:1'",
    "  failureType: 'testCodeFailure'",
    '  exitCode: 1',
    "  error: 'test failed'",
    '  ...',
    '1..1',
    '# fail 1',
  ];

  it('a missing package is placed at the file that imports it, before the test that led there', () => {
    const d = analyze(NODE_TEST_MISSING_PACKAGE);
    expect(d.pattern).toBe('import-not-found');
    expect(d.locations[0]).toEqual({ file: 'src/duration.js', line: 1, column: null });
  });

  it('the importing file named without a line gives way to a place in it with one (vitest)', () => {
    const d = analyze([
      ' FAIL  test/math.test.js [ test/math.test.js ]',
      "Error: Cannot find module '../src/slug.js' imported from /home/runner/work/app/app/test/math.test.js",
      ' ❯ test/math.test.js:2:1',
      '      1| import { it, expect } from "vitest";',
      '      2| import { slugify } from "../src/slug.js";',
      '       | ^',
    ]);
    expect(d.locations).toEqual([{ file: 'test/math.test.js', line: 2, column: 1 }]);
  });

  it('an unused "type: ignore" alone still leads: it is then the real error', () => {
    const d = analyze([
      'app/a.py:3: error: Unused "type: ignore" comment  [unused-ignore]',
      'Found 1 error in 1 file (checked 2 source files)',
    ]);
    expect(d.locations).toEqual([{ file: 'app/a.py', line: 3, column: null }]);
  });

  it('an unused @ts-expect-error goes after the type error printed below it', () => {
    const d = analyze([
      "src/a.ts(2,1): error TS2578: Unused '@ts-expect-error' directive.",
      "src/b.ts(5,7): error TS2322: Type 'string' is not assignable to type 'number'.",
    ]);
    expect(d.locations.map((l) => `${l.file}:${l.line}`)).toEqual(['src/b.ts:5', 'src/a.ts:2']);
  });

  it("a frame in minified code or an istanbul counter is no place; a compiler's far column on line 1 is", () => {
    const frames = analyze([
      '  1) cart',
      '       totals:',
      '     TypeError: Cannot read properties of undefined (reading "price")',
      '      at r (public/vendor.min.js:1:4821)',
      '      at cov_1x2y3z4 (src/cart.js:1:980)',
      '      at Context.<anonymous> (test/cart.test.js:7:12)',
    ]);
    expect(frames.locations).toEqual([{ file: 'test/cart.test.js', line: 7, column: 12 }]);
    // Only a frame's far column is generated code: a compiler's is the source's (a long first line).
    const long = analyze(["src/table.ts(1,163): error TS1005: ',' expected."]);
    expect(long.locations).toEqual([{ file: 'src/table.ts', line: 1, column: 163 }]);
  });

  it("a Python traceback's place takes the exception line printed after its frames", () => {
    const d = analyze([
      'Traceback (most recent call last):',
      '  File "/home/runner/work/app/app/shop/cart.py", line 9, in <module>',
      '    total(["1"])',
      '  File "/home/runner/work/app/app/shop/cart.py", line 4, in total',
      '    return sum(items)',
      "TypeError: unsupported operand type(s) for +: 'int' and 'str'",
    ]);
    expect(d.locations).toEqual([{ file: 'shop/cart.py', line: 4, column: null }]);
    expect(d.messages).toEqual(["TypeError: unsupported operand type(s) for +: 'int' and 'str'"]);
  });

  it("pytest: the place takes the failure's E lines", () => {
    const d = analyze([
      '=================================== FAILURES ===================================',
      '__________________________________ test_total __________________________________',
      '',
      '    def test_total():',
      '>       assert total([2, 3]) == 6',
      'E       assert 5 == 6',
      'E        +  where 5 = total([2, 3])',
      '',
      'tests/test_cart.py:4: AssertionError',
      '=========================== short test summary info ============================',
      'FAILED tests/test_cart.py::test_total - assert 5 == 6',
    ]);
    expect(d.locations).toEqual([{ file: 'tests/test_cart.py', line: 4, column: null }]);
    expect(d.messages).toEqual(['assert 5 == 6\n+  where 5 = total([2, 3])']);
  });
});
