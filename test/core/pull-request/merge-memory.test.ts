import { describe, expect, it } from 'vitest';
import { mergeMemory } from '../../../src/core/pull-request/merge-memory.js';
import {
  aDeadLetterResult,
  aLoopResult,
  anAttempt,
  HEAD,
  lintFixedHistory,
  SHA_A,
  SHA_B,
  SHA_C,
} from './builders.js';

const numbers = (m: { attempts: { attempt: number }[] }) => m.attempts.map((a) => a.attempt);

describe('mergeMemory', () => {
  it('starts a memory from the first run', () => {
    const m = mergeMemory(null, aDeadLetterResult(), HEAD);
    expect(m).toMatchObject({
      version: 1,
      head_sha: HEAD,
      task_id: 'main-e9702ae',
      status: 'failed',
      fix_commits: [],
      bot_pushes: 0,
    });
    expect(numbers(m)).toEqual([1, 2]);
  });

  it('appends the next run after the newest attempt, renumbering so numbers keep increasing', () => {
    const first = mergeMemory(null, aDeadLetterResult(), HEAD);
    const second = mergeMemory(first, aLoopResult({ history: lintFixedHistory('2026-04-04T11:00') }), SHA_C);
    expect(numbers(second)).toEqual([1, 2, 3, 4]);
    expect(second.attempts.slice(2).map((a) => [a.pattern_matched, a.result])).toEqual([
      ['lint-error', 'lint failed'],
      [null, 'All checks passed'],
    ]);
    expect(second).toMatchObject({ head_sha: SHA_C, status: 'success' });
  });

  it('changes nothing when the same run is merged twice (a duplicate delivery)', () => {
    const once = mergeMemory(null, aLoopResult(), HEAD, { sha: SHA_A });
    expect(mergeMemory(once, aLoopResult(), HEAD, { sha: SHA_A })).toEqual(once);
  });

  it('keeps the newest 50 attempts, dropping the oldest', () => {
    let m = mergeMemory(null, aLoopResult({ history: [] }), HEAD);
    for (let run = 0; run < 30; run += 1)
      m = mergeMemory(
        m,
        aLoopResult({ history: lintFixedHistory(`2026-04-${String(run + 1).padStart(2, '0')}T10:00`) }),
        HEAD,
      );
    expect(m.attempts).toHaveLength(50);
    expect(numbers(m)[0]).toBe(11);
    expect(numbers(m).at(-1)).toBe(60);
  });

  it.each([
    ['not pushed (a fork)', null, [], 0],
    [
      'the Action pushed its own commits',
      { sha: SHA_B },
      [
        { sha: SHA_A, attempt: 1 },
        { sha: SHA_B, attempt: 3 },
      ],
      2,
    ],
    [
      'the App committed the patch as one new commit, naming every fix it carries',
      { sha: SHA_C },
      [
        {
          sha: SHA_C,
          attempt: 3,
          fixes: [
            { attempt: 1, strategy: 'auto_fix', pattern: 'lint-error' },
            { attempt: 3, strategy: 'auto_fix', pattern: 'format-error' },
          ],
        },
      ],
      1,
    ],
  ])('records fix commits and pushes: %s', (_name, pushed, fixCommits, pushes) => {
    const history = [
      ...lintFixedHistory(),
      anAttempt({
        attempt: 3,
        timestamp: '2026-04-04T10:00:09Z',
        pattern_matched: 'format-error',
        strategy_used: 'auto_fix',
      }),
    ];
    const result = aLoopResult({
      history,
      fix_commits: [
        { sha: SHA_A, attempt: 1, strategy: 'auto_fix', pattern: 'lint-error' },
        { sha: SHA_B, attempt: 3, strategy: 'auto_fix', pattern: 'format-error' },
      ],
    });
    const m = mergeMemory(null, result, HEAD, pushed);
    expect(m.fix_commits).toEqual(fixCommits);
    expect(m.bot_pushes).toBe(pushes);
  });

  it('renumbers a fix commit with its attempt', () => {
    const first = mergeMemory(null, aDeadLetterResult(), HEAD);
    const second = mergeMemory(first, aLoopResult({ history: lintFixedHistory('2026-04-05T10:00') }), HEAD, {
      sha: SHA_A,
    });
    expect(second.fix_commits).toEqual([{ sha: SHA_A, attempt: 3 }]);
    expect(second.bot_pushes).toBe(1);
  });

  it('cuts long attempt texts to the memory bounds', () => {
    const m = mergeMemory(
      null,
      aLoopResult({
        history: [
          anAttempt({
            action: 'x'.repeat(5000),
            files_modified: Array.from({ length: 80 }, (_, i) => `f${i}.ts`),
          }),
        ],
      }),
      HEAD,
    );
    expect(m.attempts[0]?.action).toHaveLength(500);
    expect(m.attempts[0]?.files_modified).toHaveLength(50);
  });

  it('refuses a head that is not a commit SHA (a caller bug)', () => {
    expect(() => mergeMemory(null, aLoopResult(), 'main')).toThrow();
  });
});
