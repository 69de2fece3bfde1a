import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  failureCount,
  IllegalEventError,
  isSameError,
  isTerminal,
  LoopStateSchema,
  reduce,
  type LoopEventInput,
  type LoopState,
} from '../../../src/core/loop/index.js';
import { STRATEGIES } from '../../../src/core/vocabulary.js';
import { at, CATALOGUE, contextFor, diagnosis, drive, newTask, type Outcome } from './builders.js';

const ids = [...CATALOGUE.map((p) => p.id), null];
const outputs = [
  'ESLint: no-unused-vars foo',
  'error TS2322 string vs number',
  'Build failed: bad token',
  'Cannot find module x',
  'ETIMEDOUT 10.0.0.1',
];

const outcomeArb: fc.Arbitrary<Outcome> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ passed: true as const }) },
  {
    weight: 5,
    arbitrary: fc.record({
      passed: fc.constant(false as const),
      check: fc.constantFrom('lint', 'type', 'build'),
      output: fc.constantFrom(...outputs),
      pattern: fc.constantFrom(...ids),
      fixFails: fc.nat(2),
      stage: fc.constantFrom('validate' as const, 'evaluate' as const),
    }),
  },
);
const policyArb = fc.record({
  max_retries: fc.integer({ min: 1, max: 6 }),
  same_error_retries: fc.integer({ min: 1, max: 4 }),
  max_total_failures: fc.integer({ min: 1, max: 12 }),
  backoff: fc.record({
    initial_seconds: fc.integer({ min: 1, max: 10 }),
    factor: fc.integer({ min: 1, max: 3 }),
    max_seconds: fc.integer({ min: 10, max: 300 }),
  }),
});

describe('the loop under random failures (driver follows nextAction)', () => {
  it('never exceeds the budget, never retries identically, and always terminates', () => {
    fc.assert(
      fc.property(
        fc.array(outcomeArb, { minLength: 1, maxLength: 12 }),
        policyArb,
        fc.option(fc.integer({ min: 1, max: 8 })),
        (outcomes, policy, taskMax) => {
          const { state } = drive(newTask('t-prop', taskMax), outcomes, contextFor(CATALOGUE, policy));
          expect(isTerminal(state)).toBe(true);
          if (taskMax !== null) expect(state.attempts.length).toBeLessThanOrEqual(taskMax);
          // Without a task budget, each run of fix attempts on one pattern stays within that pattern's
          // budget (a different error resets the counter; an attempt that only evaluated — its checks
          // passed, or it stopped on the same error — fixed nothing and is no retry); max_total_failures
          // caps the whole run.
          let run = 0;
          state.attempts.forEach((a, i) => {
            if (a.strategy_used === null) return;
            run = i > 0 && state.attempts[i - 1]!.pattern_matched === a.pattern_matched ? run + 1 : 1;
            const own =
              CATALOGUE.find((p) => p.id === a.pattern_matched)?.max_auto_retries ?? policy.max_retries;
            if (taskMax === null) expect(run).toBeLessThanOrEqual(Math.max(own, 1));
          });
          expect(failureCount(state)).toBeLessThanOrEqual(policy.max_total_failures);
          for (let i = 1; i < state.attempts.length; i++) {
            const [a, b] = [state.attempts[i - 1]!, state.attempts[i]!];
            const identical =
              a.pattern_matched === b.pattern_matched &&
              a.strategy_used !== null &&
              a.strategy_used === b.strategy_used &&
              isSameError(a.error, b.error);
            expect(identical).toBe(false);
          }
          expect(LoopStateSchema.parse(JSON.parse(JSON.stringify(state)))).toEqual(state);
        },
      ),
    );
  });
});

const eventArb: fc.Arbitrary<LoopEventInput> = fc.integer({ min: 1, max: 9999 }).chain((s) =>
  fc.oneof(
    fc.constant({ type: 'generated' as const, at: at(s), files: ['a.ts'] as string[], description: 'gen' }),
    fc.boolean().map((passed) => ({
      type: 'validated' as const,
      at: at(s),
      passed,
      gates: ['syntax'],
      violations: passed ? [] : [{ type: 'syntax', message: 'bad' }],
    })),
    fc.constant({
      type: 'executed' as const,
      at: at(s),
      files_modified: ['a.ts'] as string[],
      duration_ms: 5,
    }),
    fc.boolean().map((passed) => ({
      type: 'evaluated' as const,
      at: at(s),
      passed,
      checks: [{ name: 'lint', passed, duration_ms: 1 }],
      failure: passed ? undefined : { check: 'lint', output: 'ESLint bad' },
    })),
    fc.constantFrom(...ids).map((id) => ({ type: 'analyzed' as const, at: at(s), diagnosis: diagnosis(id) })),
    fc.constantFrom(...STRATEGIES).map((strategy) => ({
      type: 'fixed' as const,
      at: at(s),
      strategy,
      fix_applied: 'x',
      files_modified: [],
      duration_ms: 1,
    })),
    fc
      .constantFrom(...STRATEGIES)
      .map((strategy) => ({ type: 'fix_failed' as const, at: at(s), strategy, error: 'boom' })),
    fc.constant({ type: 'escalated' as const, at: at(s), reason: 'why' }),
    fc.constant({ type: 'dead_lettered' as const, at: at(s), reason: 'unrecoverable_error' as const }),
    fc.constant({ type: 'user_aborted' as const, at: at(s) }),
    fc.constant({ type: 'security_violation' as const, at: at(s), detail: 'secret' }),
    fc.constant({ type: 'resumed' as const, at: at(s) }),
  ),
);

/** Applies events, skipping the ones `reduce` rejects as illegal; returns every state reached. */
function run(events: LoopEventInput[]): LoopState[] {
  const states = [newTask('t-events')];
  for (const e of events) {
    const prev = states[states.length - 1]!;
    const frozen = JSON.stringify(prev);
    try {
      const next = reduce(prev, e);
      expect(reduce(prev, e)).toEqual(next);
      states.push(next);
    } catch (err) {
      expect(err).toBeInstanceOf(IllegalEventError);
    }
    expect(JSON.stringify(prev)).toBe(frozen);
  }
  return states;
}

describe('reduce under random event sequences', () => {
  it('is deterministic, never mutates its input, and keeps status consistent with the phase', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), (events) => {
        for (const s of run(events)) expect(s.status === 'running').toBe(!isTerminal(s));
      }),
    );
  });

  it('keeps terminal states terminal under any further event', () => {
    fc.assert(
      fc.property(
        fc.array(eventArb, { maxLength: 40 }),
        fc.array(eventArb, { minLength: 1, maxLength: 10 }),
        (events, more) => {
          const states = run(events);
          const first = states.findIndex(isTerminal);
          if (first === -1) return;
          const terminal = states[first]!;
          expect(states.slice(first).every((s) => s === terminal)).toBe(true);
          for (const e of more) expect(() => reduce(terminal, e)).toThrow(IllegalEventError);
        },
      ),
    );
  });
});
