import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseErrorLine } from '../../../src/core/analyze/normalise-error-line.js';

describe('normaliseErrorLine', () => {
  it.each([
    ['ANSI colours', '\u001b[1m\u001b[31merror\u001b[0m: boom', 'error: boom'],
    [
      'CI workspace prefix and line:col',
      '/home/runner/work/app/app/src/a.ts:12:5 - error',
      'src/a.ts - error',
    ],
    ['tsc (line,col)', 'src/a.ts(12,5): error TS2322', 'src/a.ts: error ts2322'],
    ['temp directory', '/tmp/tmp-8812-abc/src/a.py line 40', 'src/a.py line ?'],
    [
      'macOS temp directory',
      '/private/var/folders/xy/abc123/T/vitest-1/src/x.ts:1:1 failed',
      'src/x.ts failed',
    ],
    ['hex address and hash', 'segfault at 0x7ffd1234 in build 3f9a1c2b7e', 'segfault at 0x? in build <hash>'],
    ['durations', 'Timed out after 5000ms (took 2.5 s)', 'timed out after <dur> (took <dur>)'],
    ['timestamp', '2026-04-04T10:15:30.123Z ERROR db down', '<time> error db down'],
  ])('strips %s', (_, input, expected) => {
    expect(normaliseErrorLine(input)).toBe(expected);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = normaliseErrorLine(s);
        expect(normaliseErrorLine(once)).toBe(once);
      }),
    );
  });
});
