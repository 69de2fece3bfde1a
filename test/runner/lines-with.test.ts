import { describe, expect, it } from 'vitest';
import { linesWith } from '../../src/runner/lines-with.js';
import { TEST_NAME_LITERALS } from '../../src/core/pull-request/failed-test-names.js';

const LOG = [
  '2026-11-27T10:00:00.0000000Z  RUN  v4.1.0 /app',
  '2026-11-27T10:00:01.0000000Z  × adds numbers 3ms\r',
  ' FAIL  src/sum.test.ts > sum > adds numbers',
  'plain line',
  '\x1b[31mF\x1b[39mAIL  split by an escape',
  `${'x'.repeat(5000)} FAIL too long`,
  '  ● suite › names the failing test',
  'not ok 3 - tap test',
  'ends without a newline: ✗ last',
].join('\n');

/** What a reader of every line would keep: the lines holding a literal, as split on \r?\n. */
const expected = LOG.split('\n')
  .map((l) => l.replace(/\r$/, ''))
  .filter((l) => l.length <= 4096 && TEST_NAME_LITERALS.some((n) => l.includes(n)));

describe('linesWith: the lines of a byte stream that hold a literal', () => {
  it('finds each such line once, in order, whatever the chunks', () => {
    const bytes = new TextEncoder().encode(LOG);
    expect(expected).toHaveLength(6);
    for (const size of [1, 2, 3, 7, 64, 4095, 4097, 1 << 20]) {
      const got: string[] = [];
      const tee = linesWith(TEST_NAME_LITERALS, (l) => got.push(l));
      for (let i = 0; i < bytes.length; i += size) tee.push(bytes.slice(i, i + size));
      tee.end();
      expect(got, `chunks of ${size}`).toEqual(expected);
    }
  });
});
