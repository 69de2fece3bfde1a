import { describe, expect, it } from 'vitest';
import { nextAction, reduce, type LoopEventInput } from '../../../src/core/loop/index.js';
import { at, contextFor, diagnosis, newTask, pattern } from './builders.js';

/** A task whose first evaluation failed two checks: typecheck (type-error) and lint (lint-error). */
function failedTwice() {
  const events: LoopEventInput[] = [
    { type: 'generated', at: at(1), files: [], description: 'the working tree as it is' },
    { type: 'validated', at: at(2), passed: true, gates: [], violations: [] },
    { type: 'executed', at: at(3), files_modified: [], duration_ms: 1 },
    {
      type: 'evaluated',
      at: at(4),
      passed: false,
      checks: [
        {
          name: 'typecheck',
          passed: false,
          duration_ms: 1,
          pattern: 'type-error',
          strategy: 'context_expand',
        },
        { name: 'lint', passed: false, duration_ms: 1, pattern: 'lint-error', strategy: 'auto_fix' },
      ],
      failure: { check: 'typecheck', output: "src/a.ts(1,1): error TS2322: Type 'string'" },
    },
    { type: 'analyzed', at: at(5), diagnosis: diagnosis('type-error') },
  ];
  return events.reduce(reduce, newTask('t-retarget'));
}

describe('the loop turns to another failing check (retargeted)', () => {
  it('works the other check with its own pattern, error and strategy; the first one waits', () => {
    const before = failedTwice();
    expect(nextAction(before, contextFor())).toMatchObject({ kind: 'fix', strategy: 'context_expand' });
    const after = reduce(before, {
      type: 'retargeted',
      at: at(6),
      diagnosis: diagnosis('lint-error'),
      failure: { check: 'lint', output: "src/b.ts\n  1:1  error  'x' is never reassigned  prefer-const" },
    });
    expect(after.phase).toBe('FIX');
    expect(after.pending_diagnosis?.pattern).toBe('lint-error');
    expect(after.attempts[0]).toMatchObject({
      pattern_matched: 'lint-error',
      strategy_used: null,
      result: 'lint failed',
    });
    expect(after.attempts[0]?.error).toContain('prefer-const');
    expect(after.iterations[0]?.failure).toEqual({ source: 'evaluation', check: 'lint' });
    expect(nextAction(after, contextFor())).toMatchObject({ kind: 'fix', strategy: 'auto_fix' });
  });

  it('after a fix that failed to apply, the other check is not charged with that strategy', () => {
    let s = failedTwice();
    s = reduce(s, {
      type: 'retargeted',
      at: at(6),
      diagnosis: diagnosis('lint-error'),
      failure: { check: 'lint', output: 'x' },
    });
    s = reduce(s, { type: 'fix_failed', at: at(7), strategy: 'auto_fix', error: 'nothing changed' });
    s = reduce(s, {
      type: 'retargeted',
      at: at(8),
      diagnosis: { ...diagnosis('type-error'), strategy: 'auto_fix' },
      failure: { check: 'typecheck', output: 'y' },
    });
    expect(s.fix_failures).toMatchObject([{ pattern: 'lint-error', strategy: 'auto_fix' }]);
    // A driver-known fixer (its output named one) goes before the pattern's own context_expand.
    expect(nextAction(s, contextFor())).toMatchObject({ kind: 'fix', strategy: 'auto_fix' });
  });

  it('is refused outside FIX', () => {
    const s = reduce(newTask('t-r'), { type: 'generated', at: at(1), files: [], description: 'x' });
    expect(() =>
      reduce(s, {
        type: 'retargeted',
        at: at(2),
        diagnosis: diagnosis('lint-error'),
        failure: { check: 'lint', output: '' },
      }),
    ).toThrow(/expected one of/);
  });
});

describe('budgets and mechanical fixers across several failures', () => {
  const fail = (check: string, pattern: string, output: string, n: number): LoopEventInput[] => [
    { type: 'generated', at: at(n), files: [], description: 'x' },
    { type: 'validated', at: at(n), passed: true, gates: [], violations: [] },
    { type: 'executed', at: at(n), files_modified: [], duration_ms: 1 },
    {
      type: 'evaluated',
      at: at(n),
      passed: false,
      checks: [{ name: check, passed: false, duration_ms: 1, pattern, strategy: 'auto_fix' }],
      failure: { check, output },
    },
    { type: 'analyzed', at: at(n), diagnosis: { ...diagnosis(pattern), signature: `${pattern}:${output}` } },
  ];
  const fixed: LoopEventInput = {
    type: 'fixed',
    at: at(9),
    strategy: 'auto_fix',
    fix_applied: 'x',
    files_modified: [],
    duration_ms: 1,
  };

  it('runs eslint --fix again when the error moved on (one package fixed, the next one shows)', () => {
    const s = [
      ...fail('lint', 'lint-error', 'packages/web/a.js no-var', 1),
      fixed,
      ...fail('lint', 'lint-error', 'packages/api/b.js prefer-const eqeqeq', 2),
    ].reduce(reduce, newTask('t-again'));
    expect(nextAction(s, contextFor())).toMatchObject({ kind: 'fix', strategy: 'auto_fix' });
  });

  it("gives each check its own budget for a pattern: isort's format error, then black's", () => {
    const ctx = contextFor([
      {
        ...pattern({ id: 'format-error', category: 'format', signals: ['x'], strategy: 'auto_fix' }),
        max_auto_retries: 1,
      },
    ]);
    const s = [
      ...fail('isort', 'format-error', 'imports unsorted', 1),
      fixed,
      ...fail('black', 'format-error', 'would reformat', 2),
    ].reduce(reduce, newTask('t-budget'));
    expect(nextAction(s, ctx)).toMatchObject({ kind: 'fix', strategy: 'auto_fix' });
  });
});
