import { describe, expect, it } from 'vitest';
import {
  findSimilarDeadLetters,
  isSimilarFailure,
} from '../../../src/core/dead-letter/find-similar-dead-letters.js';
import type { DeadLetterSummary } from '../../../src/core/dead-letter/dead-letter.js';
import { aDiagnosis, anAttempt, anEarlierDeadLetter } from './builders.js';

function earlier(
  taskId: string,
  pattern: string,
  ext: string,
  error: string,
  blockedAt = '2026-04-02T09:00:00Z',
): DeadLetterSummary {
  return anEarlierDeadLetter(taskId, {
    blockedAt,
    attempts: [anAttempt({ error, pattern_matched: pattern, files_modified: [`src/file.${ext}`] })],
    finalDiagnosis: aDiagnosis({ pattern, signature: `${pattern}:${ext}:12345678`, locations: [] }),
  });
}

const current = earlier(
  'task-now',
  'type-error',
  'ts',
  "/home/runner/work/app/app/src/a.ts:12:5 - error TS2322: Type 'string' is not assignable to type 'number'.",
);

const EARLIER: DeadLetterSummary[] = [
  earlier(
    'same-line-other-run',
    'type-error',
    'ts',
    "/tmp/ci-8f3a/src/a.ts(40,1): error TS2322: Type 'string' is not assignable to type 'number'.",
    '2026-04-01T08:00:00Z',
  ),
  earlier(
    'same-code-other-words',
    'type-error',
    'ts',
    "src/b.ts:3:1 - error TS2322: Type 'Foo' is not assignable to type 'Bar'.",
    '2026-04-03T08:00:00Z',
  ),
  earlier(
    'same-line-tsx',
    'type-error',
    'tsx',
    "src/a.tsx:12:5 - error TS2322: Type 'string' is not assignable to type 'number'.",
  ),
  earlier(
    'same-line-lint',
    'lint-error',
    'ts',
    "src/a.ts:12:5 - error TS2322: Type 'string' is not assignable to type 'number'.",
  ),
  earlier(
    'other-type-error',
    'type-error',
    'ts',
    "src/c.ts:1:1 - error TS2339: Property 'x' does not exist on type 'Y'.",
  ),
  earlier(
    'task-now',
    'type-error',
    'ts',
    "src/a.ts:12:5 - error TS2322: Type 'string' is not assignable to type 'number'.",
  ),
];

describe('findSimilarDeadLetters', () => {
  it('finds same pattern + extension + (normalised first line or error code), most recent first', () => {
    expect(findSimilarDeadLetters(current, EARLIER).map((e) => e.task_id)).toEqual([
      'same-code-other-words',
      'same-line-other-run',
    ]);
  });

  it.each([
    [
      'same first 50 normalised characters, no code',
      { first_error_line: 'Build failed in 3.2s: cannot resolve ./x from the entry point', error_code: null },
      {
        first_error_line: 'Build failed in 840ms: cannot resolve ./x from the entry point (again)',
        error_code: null,
      },
      true,
    ],
    [
      'different text, same code',
      { first_error_line: 'error[E0308]: mismatched types', error_code: 'E0308' },
      { first_error_line: 'expected u32, found &str', error_code: 'E0308' },
      true,
    ],
    [
      'different text, no code',
      { first_error_line: 'alpha failed', error_code: null },
      { first_error_line: 'beta failed', error_code: null },
      false,
    ],
    [
      'empty first lines do not count as equal',
      { first_error_line: '', error_code: null },
      { first_error_line: '', error_code: null },
      false,
    ],
    [
      'ANSI colours and hex addresses ignored',
      { first_error_line: '\u001b[31mSegfault at 0x7ffd12ab in worker\u001b[0m', error_code: null },
      { first_error_line: 'Segfault at 0x55aa0000 in worker', error_code: null },
      true,
    ],
  ])('%s', (_, a, b, expected) => {
    const base = { task_id: 'a', final_pattern: 'build-error', extension: 'js' };
    expect(isSimilarFailure({ ...base, ...a }, { ...base, task_id: 'b', ...b })).toBe(expected);
  });
});
