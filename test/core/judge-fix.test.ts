import { describe, expect, it } from 'vitest';
import { judgeFix, type CheckOutcome } from '../../src/core/judge-fix.js';

const c = (name: string, passed: boolean, pattern: string | null = null, errors = 0): CheckOutcome => ({
  name,
  passed,
  pattern,
  errors,
});

describe('judgeFix: is a fix worth keeping?', () => {
  it.each([
    [
      'all checks pass now',
      [c('lint', false, 'lint-error', 3)],
      [c('lint', true)],
      true,
      /1 fewer failing check/,
    ],
    [
      'a check that passed now fails',
      [c('lint', false, 'lint-error', 3), c('test', true)],
      [c('lint', true), c('test', false, 'test-failure', 1)],
      false,
      /it made test fail/,
    ],
    [
      'the failure moved on to another pattern (eslint fixed, prettier next)',
      [c('lint', false, 'lint-error', 3)],
      [c('lint', false, 'format-error', 0)],
      true,
      /moved on from lint-error to format-error/,
    ],
    [
      'fewer errors of the same pattern',
      [c('typecheck', false, 'type-error', 4)],
      [c('typecheck', false, 'type-error', 1)],
      true,
      /3 fewer error/,
    ],
    [
      'the same pattern, as many errors: a guess that trades one error for another',
      [c('typecheck', false, 'type-error', 1)],
      [c('typecheck', false, 'type-error', 1)],
      false,
      /no progress: typecheck still fails with type-error/,
    ],
    [
      'more errors of the same pattern',
      [c('typecheck', false, 'type-error', 1)],
      [c('typecheck', false, 'type-error', 2)],
      false,
      /no progress/,
    ],
  ])('%s', (_name, before, after, keep, why) => {
    const verdict = judgeFix(before, after);
    expect(verdict.keep).toBe(keep);
    expect(verdict.why).toMatch(why);
  });
});

describe('judgeFix with several failing checks: the target is the check the fix was for', () => {
  it('keeps a fix that reduced the errors of its target while the first failing check stays as it was', () => {
    const before = [c('typecheck', false, 'type-error', 1), c('lint', false, 'lint-error', 3)];
    const after = [c('typecheck', false, 'type-error', 1), c('lint', false, 'lint-error', 1)];
    expect(judgeFix(before, after, 'lint')).toEqual({ keep: true, why: '2 fewer error(s) in lint' });
    expect(judgeFix(before, after).keep).toBe(false);
  });
  it('rolls back a fix that left its target as it was', () => {
    const before = [c('typecheck', false, 'type-error', 1), c('lint', false, 'lint-error', 3)];
    expect(judgeFix(before, before, 'lint')).toMatchObject({ keep: false, why: /lint still fails/ });
  });
});

describe('judgeFix on a per-file fixer', () => {
  it('keeps it when the errors in the files it changed are gone, though the check fails elsewhere', () => {
    const before = [{ ...c('lint', false, 'lint-error', 1), files: ['packages/web/a.js'] }];
    const after = [{ ...c('lint', false, 'lint-error', 2), files: ['packages/api/b.js'] }];
    expect(judgeFix(before, after, 'lint', ['packages/web/a.js'])).toMatchObject({ keep: true });
    expect(judgeFix(before, after, 'lint').keep).toBe(false);
    expect(judgeFix(before, before, 'lint', ['packages/web/a.js']).keep).toBe(false);
  });
});
