import { describe, expect, it } from 'vitest';
import {
  backoffDelayMs,
  computeMetrics,
  type LoopEventInput,
  DEFAULT_RETRY_POLICY,
  IllegalEventError,
  LoopStateSchema,
  nextAction,
  reduce,
  tokenOverlap,
} from '../../../src/core/loop/index.js';
import { at, CATALOGUE, contextFor, diagnosis, drive, newTask, pattern } from './builders.js';

describe('routing', () => {
  it('routes a VALIDATE failure through ANALYZE and FIX back to GENERATE, never straight to VALIDATE', () => {
    const { state, actions } = drive(newTask('t-val'), [
      {
        passed: false,
        stage: 'validate',
        check: 'validation',
        output: 'unparseable YAML in ci.yml',
        pattern: null,
      },
      { passed: true },
    ]);
    const kinds = actions.map((a) => a.kind);
    expect(kinds.slice(0, 5)).toEqual(['generate', 'validate', 'analyze', 'fix', 'generate']);
    expect(state.status).toBe('success');
    expect(state.iterations[0]?.failure).toEqual({ source: 'pre_validation', check: 'validation' });
    expect(computeMetrics(state).per_execution).toMatchObject({
      pre_validation_runs: 2,
      pre_validation_pass_rate: 0.5,
      pre_validation_catches: ['syntax'],
    });
  });

  it('throws a typed error on an event the phase cannot take', () => {
    const s = newTask('t-illegal');
    expect(() => reduce(s, { type: 'executed', at: at(1), files_modified: [], duration_ms: 1 })).toThrow(
      IllegalEventError,
    );
    try {
      reduce(s, { type: 'validated', at: at(1), passed: true, gates: [], violations: [] });
    } catch (e) {
      expect(e).toMatchObject({ code: 'wrong_phase', phase: 'GENERATE', eventType: 'validated' });
    }
  });

  it('refuses an identical retry even when the driver ignores nextAction', () => {
    const out = 'Build failed: cannot resolve ./x';
    const { state } = drive(newTask('t-ident', 5), [
      { passed: false, check: 'build', output: out, pattern: 'build-error' },
      { passed: true },
    ]);
    let s = reduce(newTask('t-ident', 5), { type: 'generated', at: at(1), files: [], description: 'x' });
    expect(state.status).toBe('success');
    const fail = (n: number): LoopEventInput[] => [
      { type: 'validated', at: at(n), passed: true, gates: [], violations: [] },
      { type: 'executed', at: at(n), files_modified: [], duration_ms: 1 },
      { type: 'evaluated', at: at(n), passed: false, checks: [], failure: { check: 'build', output: out } },
      { type: 'analyzed', at: at(n), diagnosis: diagnosis('build-error') },
    ];
    for (const e of fail(2)) s = reduce(s, e);
    s = reduce(s, {
      type: 'fixed',
      at: at(3),
      strategy: 'analyze_then_fix',
      fix_applied: '',
      files_modified: [],
      duration_ms: 1,
    });
    s = reduce(s, { type: 'generated', at: at(4), files: [], description: 'y' });
    for (const e of fail(5)) s = reduce(s, e);
    expect(() =>
      reduce(s, {
        type: 'fixed',
        at: at(6),
        strategy: 'analyze_then_fix',
        fix_applied: '',
        files_modified: [],
        duration_ms: 1,
      }),
    ).toThrow(/identical_retry/);
    expect(nextAction(s, contextFor())).toMatchObject({ kind: 'fix', strategy: 'context_expand' });
  });
});

describe('recovery decisions', () => {
  const fail = (pattern: string | null, output = `failure of ${pattern}`) => ({
    passed: false as const,
    check: 'x',
    output,
    pattern,
  });

  it.each([
    [
      'permission-error',
      /permission-error is not retryable: Requires elevated privileges or file ownership change\./,
    ],
    ['merge-conflict', /merge-conflict is not retryable: Requires human decision on conflict resolution\./],
  ])('escalates the non-retryable %s without a fix', (id, reason) => {
    const { state, actions } = drive(newTask('t-nr'), [fail(id)]);
    expect(state.status).toBe('escalated');
    expect(state.escalation_reason).toMatch(reason);
    expect(actions.some((a) => a.kind === 'fix')).toBe(false);
  });

  it("a non-retryable pattern's suggestion ends the reason with one full stop, not two", () => {
    const tool = pattern({
      id: 'command-not-found',
      category: 'config',
      signals: ['command not found'],
      strategy: 'escalate',
      retryable: false,
      suggestion: 'Install the tool.',
    });
    const { state } = drive(newTask('t-stop'), [fail('command-not-found')], contextFor([...CATALOGUE, tool]));
    expect(state.escalation_reason).toBe('command-not-found is not retryable: Install the tool.');
  });

  it('stops after same_error_retries when the same error keeps coming back', () => {
    const { state } = drive(newTask('t-same', 10), [fail('import-not-found', "Cannot find module 'lodash'")]);
    expect(state.attempts.map((a) => a.strategy_used)).toEqual(['dependency_check', 'auto_fix', null]);
    expect(state.escalation_reason).toBe(
      'Same import-not-found error in 3 attempts in a row: it came back 2 times (limit 2 retries).',
    );
  });

  it('walks alternatives then universal fallbacks, then escalates when none is left', () => {
    const ctx = contextFor(undefined, { ...DEFAULT_RETRY_POLICY, same_error_retries: 10 });
    const { state } = drive(
      newTask('t-alt', 10),
      [fail('import-not-found', "Cannot find module 'lodash'")],
      ctx,
    );
    expect(state.attempts.map((a) => a.strategy_used)).toEqual([
      'dependency_check',
      'auto_fix',
      'context_expand',
      'analyze_then_fix',
      null,
    ]);
    expect(state.escalation_reason).toBe(
      'Same import-not-found pattern failed 5 times in a row, after dependency_check (once), auto_fix (once), context_expand (once), analyze_then_fix (once). No alternate strategies available.',
    );
  });

  it('counts what ran when two strategies each ran once on the same type error (not "analyze_then_fix failed 3 times")', () => {
    const ctx = contextFor(undefined, { ...DEFAULT_RETRY_POLICY, same_error_retries: 10 });
    const output =
      "src/cart.js(11,9): error TS2322: Type 'string | number' is not assignable to type 'number'.";
    const { state } = drive(newTask('t-type', 10), [fail('type-error', output)], ctx);
    expect(state.attempts.map((a) => a.strategy_used)).toEqual(['context_expand', 'analyze_then_fix', null]);
    expect(state.escalation_reason).toBe(
      'Same type-error pattern failed 3 times in a row, after context_expand (once), analyze_then_fix (once). No alternate strategies available.',
    );
  });

  it('says the budget stopped it, naming the untried alternatives, when alternatives remain', () => {
    const timeout = pattern({
      id: 'timeout',
      category: 'timeout',
      signals: ['TimeoutError'],
      strategy: 'retry_with_backoff',
      alternatives: ['analyze_then_fix'],
      max_auto_retries: 2,
    });
    const { state } = drive(
      newTask('t-timeout'),
      [fail('timeout', 'TimeoutError: job ran 600 s'), fail('timeout', 'TimeoutError: job ran 600 s')],
      contextFor([...CATALOGUE, timeout]),
    );
    expect(state.attempts.map((a) => a.strategy_used)).toEqual(['retry_with_backoff', null]);
    expect(state.escalation_reason).toBe(
      'Same timeout pattern with retry_with_backoff strategy failed twice. The retry budget is used up (2 of 2 attempts on timeout), so analyze_then_fix, context_expand were not tried.',
    );
  });

  it('moves to the next strategy when a fix fails to apply, and counts it as a failure', () => {
    const { state } = drive(newTask('t-ff'), [{ ...fail('lint-error'), fixFails: 1 }, { passed: true }]);
    expect(state.fix_failures).toHaveLength(1);
    expect(state.attempts[0]?.strategy_used).toBe('context_expand');
    expect(state.status).toBe('success');
  });

  it('gives retry_with_backoff a capped exponential delay', () => {
    const { actions } = drive(
      newTask('t-net'),
      [1, 2]
        .map((i) => fail('network-error', `ETIMEDOUT connecting ${i}`))
        .concat([{ passed: true } as never]),
    );
    expect(actions.find((a) => a.kind === 'fix')).toMatchObject({
      strategy: 'retry_with_backoff',
      delay_ms: 5000,
    });
    expect([1, 2, 3, 10].map((n) => backoffDelayMs(DEFAULT_RETRY_POLICY, n))).toEqual([
      5000, 10000, 20000, 300000,
    ]);
  });

  it('gives a pattern with max_auto_retries 1 its one fix: the attempt that found the error is no retry', () => {
    const lock = pattern({
      id: 'lockfile-mismatch',
      category: 'lockfile',
      signals: ['lock file'],
      strategy: 'dependency_check',
      alternatives: ['escalate'],
      max_auto_retries: 1,
    });
    const ctx = contextFor([...CATALOGUE.filter((p) => p.id !== 'lockfile-mismatch'), lock]);
    const fixed = drive(
      newTask('t-once'),
      [fail('lockfile-mismatch', 'Missing: a from lock file'), { passed: true }],
      ctx,
    ).state;
    expect(fixed.attempts.map((a) => a.strategy_used)).toEqual(['dependency_check', null]);
    expect(fixed.status).toBe('success');
    const again = drive(
      newTask('t-once-more'),
      [
        fail('lockfile-mismatch', 'Missing: a from lock file'),
        fail('lockfile-mismatch', 'Missing: b from lock file'),
      ],
      ctx,
    ).state;
    expect(again.attempts.map((a) => a.strategy_used)).toEqual(['dependency_check', null]);
    expect(again.dead_letter).toEqual({
      reason: 'retry_budget_exhausted',
      detail: '2 of 1 attempts used on lockfile-mismatch; last pattern lockfile-mismatch',
    });
  });

  it('dead-letters when max_total_failures is reached before the budget', () => {
    const ctx = contextFor(undefined, { ...DEFAULT_RETRY_POLICY, max_total_failures: 2 });
    const { state } = drive(
      newTask('t-total', 9),
      [fail('lint-error', 'ESLint one'), fail('type-error', 'error TS1 two')],
      ctx,
    );
    expect(state.dead_letter).toEqual({
      reason: 'retry_budget_exhausted',
      detail: '2 failures reached max_total_failures (2)',
    });
  });

  it('ends on user abort (dead letter, unrecoverable_error) and security violation (escalated)', () => {
    const s = newTask('t-abort');
    expect(reduce(s, { type: 'user_aborted', at: at(1), by: 'octocat' })).toMatchObject({
      phase: 'DEAD_LETTER',
      status: 'failed',
      dead_letter: { reason: 'unrecoverable_error' },
    });
    expect(reduce(s, { type: 'security_violation', at: at(1), detail: 'token in diff' })).toMatchObject({
      phase: 'ESCALATE',
      status: 'escalated',
    });
  });

  it('records resumes and survives a JSON round trip through the schema', () => {
    const { state } = drive(newTask('t-json'), [fail('lint-error'), { passed: true }]);
    const resumed = reduce(
      { ...state, phase: 'GENERATE', status: 'running', finished_at: null },
      { type: 'resumed', at: at(99) },
    );
    expect(resumed.resumed_at).toEqual([at(99)]);
    expect(LoopStateSchema.parse(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });
});

describe('tokenOverlap', () => {
  it.each([
    ['src/a.ts:12:3 error TS2322 at 0xdeadbeef', 'lib/b.ts:99:1 error TS2333 at 0xcafe', 1],
    ['Cannot find module lodash', 'cannot FIND module lodash', 1],
    ['Cannot find module lodash', 'Permission denied', 0],
    ['', '', 1],
    ['a', '', 0],
  ])('%j vs %j → %d', (a, b, expected) => expect(tokenOverlap(a, b)).toBeCloseTo(expected));

  it('is symmetric and in [0, 1] for partial overlaps', () => {
    const v = tokenOverlap(
      'type string is not assignable to number',
      'type string is not assignable to boolean',
    );
    expect(v).toBeCloseTo(
      tokenOverlap('type string is not assignable to boolean', 'type string is not assignable to number'),
    );
    expect(v).toBeGreaterThan(0.5);
    expect(v).toBeLessThan(0.8);
  });
});
