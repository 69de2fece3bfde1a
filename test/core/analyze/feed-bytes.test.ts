import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyzeText,
  createAnalyzer,
  type AnalyzerOptions,
} from '../../../src/core/analyze/create-analyzer.js';
import type { Diagnosis } from '../../../src/core/diagnosis.js';
import { compileCatalogue, type CompiledCatalogue } from '../../../src/core/patterns/compile-catalogue.js';
import { defaultPatterns } from '../../../src/core/patterns/default-catalogue.js';
import { devDir } from '../../../scripts/corpus/load-corpus.js';
import { createLineSplitter } from '../../../src/runner/create-line-splitter.js';

// The byte path (pushBytes: lines without any literal are skipped unread) must answer exactly what the
// line path (push, every line analysed) answers: same pattern, locations, evidence, signature.
const catalogue = compileCatalogue(defaultPatterns());
/**
 * Every line analysed, the scanner never built: the reference. (By default a catalogue whose scanner was
 * built before is read with it from the first line, and this file's catalogue is used many times.)
 */
const LINE_PATH = { scanAfter: Infinity };

/** The byte path as `analyze FILE` drives it: chunks of `size` bytes in one reused buffer. */
function viaBytes(
  cat: CompiledCatalogue,
  bytes: Uint8Array,
  size: number,
  options: AnalyzerOptions = {},
): Diagnosis {
  const analyzer = createAnalyzer(cat, { ...options, scanAfter: 0 });
  const buffer = new Uint8Array(size);
  for (let i = 0; i < bytes.length; i += size) {
    const n = Math.min(size, bytes.length - i);
    buffer.set(bytes.subarray(i, i + n));
    analyzer.pushBytes(buffer.subarray(0, n));
  }
  buffer.fill(0x3f); // a skipped line shown later must not be read from a reused buffer
  analyzer.endBytes();
  return analyzer.finish();
}

/**
 * The line path as `analyze FILE` drove it before: the runner's splitter (\r\n, long lines cut), then push.
 */
function viaLines(cat: CompiledCatalogue, text: string): Diagnosis {
  const analyzer = createAnalyzer(cat, LINE_PATH);
  const splitter = createLineSplitter((l) => analyzer.push(l));
  splitter.push(text);
  splitter.end();
  return analyzer.finish();
}

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : /\.(log|txt)$/.test(n) ? [join(dir, n)] : [],
  );
const logs = walk(devDir)
  .map((path) => ({ name: path.slice(devDir.length + 1), bytes: readFileSync(path) }))
  .filter((l) => !(l.bytes[0] === 0xff && l.bytes[1] === 0xfe)); // UTF-16 is decoded line by line
const utf8 = (b: Uint8Array): Uint8Array =>
  b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? b.subarray(3) : b;

describe('the byte path on the corpus', () => {
  it("gives every dev log the line path's diagnosis, in chunks of 1 MB and of 7 bytes", () => {
    const options = { root: '/home/runner/work/app/app', command: 'npm test' };
    const differ: string[] = [];
    for (const { name, bytes } of logs) {
      const text = bytes.toString('utf8');
      const want = JSON.stringify(analyzeText(catalogue, text, LINE_PATH));
      if (JSON.stringify(viaBytes(catalogue, utf8(bytes), 1 << 20)) !== want) differ.push(`${name} (1 MB)`);
      if (JSON.stringify(viaBytes(catalogue, utf8(bytes), 7)) !== want) differ.push(`${name} (7 B)`);
      if (
        JSON.stringify(viaBytes(catalogue, utf8(bytes), 4096, options)) !==
        JSON.stringify(analyzeText(catalogue, text, { ...options, ...LINE_PATH }))
      )
        differ.push(`${name} (options)`);
    }
    expect(logs.length).toBeGreaterThan(400);
    expect(differ).toEqual([]);
  });

  it("gives every dev log the same diagnosis on the line path with the scanner (a long log's) as without", () => {
    const differ = logs
      .map(({ name, bytes }) => ({ name, text: bytes.toString('utf8') }))
      .filter(({ text }) => {
        const want = JSON.stringify(analyzeText(catalogue, text, LINE_PATH));
        return JSON.stringify(analyzeText(catalogue, text, { scanAfter: 0 })) !== want;
      })
      .map(({ name }) => name);
    expect(differ).toEqual([]);
  });
});

// Lines built from the shapes the scanner treats specially: timestamps, ANSI escapes, markers, carriage
// returns, non-ASCII spaces, bare paths, env framing, failure words, and long lines.
const piece = fc.constantFrom(
  'error',
  'Error: boom',
  'FAIL src/a.test.ts',
  ' ✓ passes',
  'src/a.ts',
  '  3:7  error  x  no-unused-vars',
  'Run npm test',
  '##[group]',
  '##[endgroup]',
  '##[error]',
  '##[warning]',
  '::error file=a.ts,line=3::x',
  '2024-01-02T03:04:05.1234567Z ',
  '\x1b[31m',
  '\x1b[0m',
  '\x1b]8;;x\x07',
  '\x1b_bk;t=1\x07',
  '_bk;t=1700000000000\x07',
  '_bk;t=',
  '\r',
  '\u00a0',
  '\ufeff',
  '\u212a',
  'İ',
  '  NODE_ENV: test',
  'shell: /bin/bash',
  'env:',
  'Traceback (most recent call last):',
  'KeyError: x',
  'stderr | a.test.ts > t',
  '',
  ' ',
  'hello world',
  'a.py:3: ',
  '(1',
  ':12',
  '=== RUN   TestX',
  '--- FAIL: TestX',
  'ok',
  'x'.repeat(5000),
  'é'.repeat(3000),
  'npm ERR! code ERESOLVE',
  'Process completed with exit code 1.',
  'help: x',
  'note: y',
  "Cannot find module 'x'",
);
const line = fc.array(piece, { minLength: 0, maxLength: 4 }).map((ps) => ps.join(''));
const log = fc
  .tuple(fc.array(line, { maxLength: 40 }), fc.constantFrom('\n', '\r\n'), fc.boolean())
  .map(([ls, eol, last]) => ls.join(eol) + (last ? eol : ''));

describe('the byte path on generated logs', () => {
  it('answers as the line path does, whatever the shapes and the chunk size', () => {
    fc.assert(
      fc.property(log, fc.integer({ min: 1, max: 300 }), (text, size) => {
        const bytes = new TextEncoder().encode(text);
        expect(viaBytes(catalogue, bytes, size)).toEqual(viaLines(catalogue, text));
      }),
      { numRuns: 300 },
    );
  });

  it('answers as the line path does when colours cut characters and bytes are no UTF-8', () => {
    // The byte path decodes a line once its escapes are out; the line path decodes it first. Bytes of a
    // broken character around an escape must not join into one (`E2 82 ESC[0m AC` is two U+FFFD).
    const bytePiece = fc.constantFrom(
      [0xe2, 0x82],
      [0xac],
      [0xe2, 0x9c, 0x93], // ✓
      [0xf0, 0x9f],
      [0x98, 0x80],
      [0xc3],
      [0xff],
      [0xef, 0xbb, 0xbf],
      [...Buffer.from('\x1b[32m')],
      [...Buffer.from('\x1b[0m')],
      [...Buffer.from('2024-01-02T03:04:05.1Z ')],
      [...Buffer.from('error TS2322: x')],
      [...Buffer.from('src/a.ts(3,7): ')],
      [...Buffer.from('FAIL ')],
      [...Buffer.from('##[group]')],
      [0x0d],
    );
    const byteLine = fc.array(bytePiece, { maxLength: 6 }).map((ps) => ps.flat());
    const byteLog = fc.array(byteLine, { maxLength: 30 }).map((ls) => ls.flatMap((l) => [...l, 0x0a]));
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    fc.assert(
      fc.property(byteLog, fc.integer({ min: 1, max: 200 }), (raw, size) => {
        const bytes = Uint8Array.from([0x0a, ...raw]); // no byte-order mark at the start of the file
        expect(viaBytes(catalogue, bytes, size)).toEqual(viaLines(catalogue, decoder.decode(bytes)));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the head and tail of a line of megabytes, as the line path does', () => {
    const text = `Run npm test\nstarting\n${'é'.repeat(300_000)}error TS2322: x${'y'.repeat(200_000)}\r\nerror TS2322: Type 'a' is not assignable\nmore\n`;
    const bytes = new TextEncoder().encode(text);
    for (const size of [4096, 1 << 20])
      expect(viaBytes(catalogue, bytes, size)).toEqual(viaLines(catalogue, text));
  });

  it("reads the message lines of a report that hold no literal (pytest's E, mocha's numbered title)", () => {
    // Far enough past the report's header that only the watched shapes, not the header, make them read.
    const filler = Array.from({ length: 300 }, (_, i) => `collected item ${i}`).join('\n');
    const rule = '_'.repeat(8);
    const cases = [
      {
        text: `${rule} test_total ${rule}\n${filler}\n>       assert total() == 5\nE       assert 4 == 5\n\ntests/test_cart.py:7: AssertionError\n`,
        want: ['tests/test_cart.py', 'assert 4 == 5'],
      },
      {
        text: `  1 passing\n  1 failing\n\n${filler}\n  1) cart\n       adds up:\n     expected 4 to equal 5\n      at Context.<anonymous> (test/cart.spec.js:3:9)\n`,
        want: ['test/cart.spec.js', 'expected 4 to equal 5'],
      },
    ];
    for (const { text, want } of cases) {
      const lines = viaLines(catalogue, text);
      expect(lines.locations.map((l, i) => [l.file, lines.messages?.[i]])).toEqual([want]);
      for (const size of [7, 4096])
        expect(viaBytes(catalogue, new TextEncoder().encode(text), size)).toEqual(lines);
    }
  });

  it('reads every line when a signal has no literal, and still answers alike', () => {
    const custom = compileCatalogue([
      ...defaultPatterns(),
      {
        id: 'bare-number',
        description: '',
        category: 'build',
        signals: ['/^\\d+$/'],
        strategy: 'escalate',
        alternatives: [],
        max_auto_retries: 0,
        retryable: false,
        priority: 99,
        suggestion: '',
      },
    ]);
    expect(custom.signalsWithoutLiteral).toEqual(['/^\\d+$/']);
    const text = 'building\n42\ndone\n';
    expect(viaBytes(custom, new TextEncoder().encode(text), 5).pattern).toBe('bare-number');
    expect(viaBytes(custom, new TextEncoder().encode(text), 5)).toEqual(viaLines(custom, text));
  });
});
