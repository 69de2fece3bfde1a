import { describe, expect, it } from 'vitest';
import { planDecisions, type PlanSettings } from '../../../src/core/loop/plan-decisions.js';
import { at, contextFor, diagnosis } from './builders.js';

/** A lint error with a mechanical fix, then a type error that needs an agent: a run's work order. */
const FAILURES = [
  { check: 'lint', output: 'ESLint: 1 error', duration_ms: 1, diagnosis: diagnosis('lint-error') },
  { check: 'typecheck', output: 'error TS2322', duration_ms: 1, diagnosis: diagnosis('type-error') },
];

const settings = (over: Partial<PlanSettings> = {}): PlanSettings => ({
  task_type: 'bug_fix',
  complexity: 'medium',
  max_retries: null,
  fix: true,
  noFix: '--no-fix',
  agent: false,
  at: at(0),
  ...over,
});

const plan = (over: Partial<PlanSettings> = {}) => planDecisions(FAILURES, settings(over), contextFor());

describe('planDecisions: what a run with these settings would do about each failing check', () => {
  it('by default: the mechanical fix, then the agent strategy at which a run without an agent stops', () => {
    expect(plan()).toEqual([
      { kind: 'fix', strategy: 'auto_fix', reason: expect.any(String) },
      {
        kind: 'fix',
        strategy: 'context_expand',
        reason: expect.any(String),
        stops: 'no agent is configured, so a run escalates here with the context for a person',
      },
    ]);
    expect(plan({ agent: true })[1]).not.toHaveProperty('stops');
  });

  it('--no-fix: no fix would be run; a run escalates where the first fix would be next, as it says', () => {
    const [first] = plan({ fix: false, agent: true });
    expect(first).toEqual({
      kind: 'escalate',
      strategy: 'auto_fix',
      reason: 'fixing is off (--no-fix): auto_fix would be next',
    });
    expect(plan({ fix: false, noFix: 'the fix input is false' })[0]?.reason).toBe(
      'fixing is off (the fix input is false): auto_fix would be next',
    );
  });

  it('--max-retries: the budget the fixes before a failure spend is spent (2: one fix, then a dead letter)', () => {
    const [lint, typecheck] = plan({ max_retries: 2, agent: true });
    expect(lint).toMatchObject({ kind: 'fix', strategy: 'auto_fix' });
    expect(typecheck).toMatchObject({ kind: 'dead_letter', reason: 'retry_budget_exhausted' });
    expect(plan({ max_retries: 1 })[0]).toMatchObject({ kind: 'dead_letter' });
    expect(plan({ max_retries: 3, agent: true })[1]).toMatchObject({
      kind: 'fix',
      strategy: 'context_expand',
    });
  });
});
