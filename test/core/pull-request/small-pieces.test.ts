import { describe, expect, it } from 'vitest';
import { formatDuration, tableCell, truncateUtf8 } from '../../../src/core/report/markdown-text.js';
import { renderFixCommitNotice } from '../../../src/core/pull-request/render-fix-commit-notice.js';
import { SHA_A } from './builders.js';

describe('renderFixCommitNotice', () => {
  it.each([
    [
      { sha: SHA_A, attempt: 2, strategy: 'auto_fix', pattern: 'lint-error' },
      {},
      'Pushed fix a1b2c3d: closed-loop: auto_fix for lint-error (attempt 2)',
    ],
    [
      { sha: SHA_A, attempt: 3, strategy: 'dependency_check', pattern: null },
      {},
      'Pushed fix a1b2c3d: closed-loop: dependency_check for an unrecognised failure (attempt 3)',
    ],
    [
      { sha: SHA_A, attempt: 1, strategy: 'auto_fix', pattern: 'format-error' },
      { pushed: false },
      'Fix a1b2c3d (not pushed): closed-loop: auto_fix for format-error (attempt 1)',
    ],
    [
      { sha: SHA_A, attempt: 4, strategy: null, pattern: 'lint-error' },
      {},
      'Pushed fix a1b2c3d: closed-loop: a fix for lint-error (attempt 4)',
    ],
  ])('%o %o → %s', (fix, opts, line) => {
    expect(renderFixCommitNotice(fix, opts)).toBe(line);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0.0s'],
    [300, '0.3s'],
    [12_449, '12.4s'],
    [65_000, '1m 05s'],
    [3_720_000, '1h 02m'],
    [-5, '0.0s'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('truncateUtf8', () => {
  it.each([
    ['short', 'abc', 10, 'abc'],
    ['cut back to a line break', 'ab\ncd\nef', 7, 'ab\ncd\n'],
    ['never splits a multi-byte character', '€€€', 7, '€€'],
    ['never splits a surrogate pair', '😀😀', 6, '😀'],
  ])('%s', (_what, text, max, out) => {
    expect(truncateUtf8(text, max)).toBe(out);
  });
});

describe('tableCell', () => {
  it.each([
    ['a | b', 'a \\| b'],
    ['line one\nline two', 'line one line two'],
    ['<!-- closed-loop:state v1 AAAA -->', '&lt;!-- closed-loop:state v1 AAAA --&gt;'],
    ['', '–'],
  ])('%j → %j', (text, cell) => {
    expect(tableCell(text)).toBe(cell);
  });

  it('clips long text with an ellipsis', () => {
    expect(tableCell('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
