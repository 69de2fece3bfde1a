import { describe, expect, it } from 'vitest';
import { linesWith } from '../../src/runner/lines-with.js';
import { TEST_NAME_LITERALS } from '../../src/core/pull-request/failed-test-names.js';
import { stripAnsi } from '../../src/core/analyze/clean-line.js';

const LOG = [
  '2026-11-27T10:00:00.0000000Z  RUN  v4.1.0 /app',
  '2026-11-27T10:00:01.0000000Z  × adds numbers 3ms\r',
  ' FAIL  src/sum.test.ts > sum > adds numbers',
  'plain line',
  '\x1b[31mF\x1b[39mAIL  split by an escape',
  '\x1b[32m✓\x1b[39m passes, in colour',
  '\x1b]8;;https://example.com\x07a link\x1b]8;;\x07 in a line that names no test',
  '\x1b[2m  \x1b[22m\x1b[31m✕\x1b[39m coloured on every word \x1b[2m(3 ms)\x1b[22m',
  `${'x'.repeat(5000)} FAIL too long`,
  '  ● suite › names the failing test',
  'not ok 3 - tap test',
  'ends without a newline: ✗ last',
].join('\n');

/** What a reader of every line keeps: the lines holding a literal, as is or once escapes are taken out. */
const expected = LOG.split('\n')
  .map((l) => l.replace(/\r$/, ''))
  .filter(
    (l) => l.length <= 4096 && TEST_NAME_LITERALS.some((n) => l.includes(n) || stripAnsi(l).includes(n)),
  );

describe('linesWith: the lines of a byte stream that hold a literal', () => {
  it('finds each such line once, in order, whatever the chunks', () => {
    const bytes = new TextEncoder().encode(LOG);
    expect(expected).toHaveLength(7);
    expect(expected).toContain('\x1b[31mF\x1b[39mAIL  split by an escape');
    expect(expected.some((l) => l.includes('✓') || l.includes('example.com'))).toBe(false);
    for (const size of [1, 2, 3, 7, 64, 4095, 4097, 1 << 20]) {
      const got: string[] = [];
      const tee = linesWith(TEST_NAME_LITERALS, (l) => got.push(l));
      for (let i = 0; i < bytes.length; i += size) tee.push(bytes.slice(i, i + size));
      tee.end();
      expect(got, `chunks of ${size}`).toEqual(expected);
    }
  });
});
