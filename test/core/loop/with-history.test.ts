import { describe, expect, it } from 'vitest';
import type { Attempt } from '../../../src/core/attempt.js';
import { createLoopState } from '../../../src/core/loop/create-loop-state.js';
import { nextAction } from '../../../src/core/loop/next-action.js';
import { reduce } from '../../../src/core/loop/reduce.js';
import type { LoopState } from '../../../src/core/loop/loop-state.js';
import { withHistory } from '../../../src/core/loop/with-history.js';
import { at, CATALOGUE, contextFor, diagnosis } from './builders.js';

const earlier = (n: number, error: string, strategy: Attempt['strategy_used']): Attempt => ({
  attempt: n,
  timestamp: at(n),
  action: `run ${n}`,
  result: 'typecheck failed',
  error,
  pattern_matched: 'type-error',
  strategy_used: strategy,
  duration_ms: 10,
  files_modified: [],
  signature: null,
});

function failOnce(state: LoopState, error: string): LoopState {
  let s = reduce(state, {
    type: 'generated',
    at: at(90),
    files: [],
    description: 'the working tree as it is',
  });
  s = reduce(s, { type: 'validated', at: at(91), passed: true, violations: [], gates: [] });
  s = reduce(s, { type: 'executed', at: at(92), files_modified: [], duration_ms: 0 });
  s = reduce(s, {
    type: 'evaluated',
    at: at(93),
    passed: false,
    checks: [{ name: 'typecheck', passed: false, duration_ms: 5 }],
    failure: { check: 'typecheck', output: error },
  });
  return reduce(s, { type: 'analyzed', at: at(94), diagnosis: diagnosis('type-error') });
}

describe('a loop that remembers earlier runs', () => {
  const fresh = () =>
    createLoopState({
      task_id: 'pr-42',
      task_type: 'bug_fix',
      complexity: 'medium',
      description: 'PR 42',
      at: at(0),
    });
  const ctx = contextFor(CATALOGUE, {
    max_retries: 3,
    same_error_retries: 2,
    max_total_failures: 10,
    backoff: { initial_seconds: 5, factor: 2, max_seconds: 300 },
  });

  it("counts the earlier runs' attempts against the pattern's budget", () => {
    const history = [
      earlier(
        1,
        "src/a.ts(1,1): error TS2322: Type 'string' is not assignable to type 'number'.",
        'context_expand',
      ),
      earlier(2, "src/b.ts(9,9): error TS2339: Property 'x' does not exist on type 'Y'.", 'analyze_then_fix'),
    ];
    const state = failOnce(
      withHistory(fresh(), history),
      'src/c.ts(3,3): error TS2554: Expected 2 arguments, but got 1.',
    );
    expect(state.attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(nextAction(state, ctx)).toMatchObject({ kind: 'dead_letter', reason: 'retry_budget_exhausted' });
  });

  it("applies the same-error rule across runs: no identical retry of last run's strategy", () => {
    const error = "src/a.ts(1,1): error TS2322: Type 'string' is not assignable to type 'number'.";
    const state = failOnce(withHistory(fresh(), [earlier(1, error, 'context_expand')]), error);
    const action = nextAction(state, ctx);
    expect(action).toMatchObject({ kind: 'fix' });
    expect((action as { strategy: string }).strategy).not.toBe('context_expand');
  });

  it('starts like a fresh loop without history, and refuses to rewrite a started one', () => {
    expect(withHistory(fresh(), [])).toEqual(fresh());
    const started = reduce(fresh(), { type: 'generated', at: at(1), files: [], description: 'x' });
    expect(() => withHistory(started, [])).toThrow(/already started/);
  });
});
