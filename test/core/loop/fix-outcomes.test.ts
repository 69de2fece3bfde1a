import { describe, expect, it } from 'vitest';
import { aggregateMetrics, summarizeExecution } from '../../../src/core/loop/aggregate-metrics.js';
import { fixOutcomes } from '../../../src/core/loop/fix-outcomes.js';
import { reduce, type LoopEventInput, type LoopState } from '../../../src/core/loop/index.js';
import { at, diagnosis, newTask } from './builders.js';

type Check = { name: string; passed: boolean; pattern?: string };

const attempt = (n: number, checks: Check[], failing: string | null): LoopEventInput[] => [
  { type: 'generated', at: at(n), files: [], description: `attempt ${n}` },
  { type: 'validated', at: at(n), passed: true, gates: [], violations: [] },
  { type: 'executed', at: at(n), files_modified: [], duration_ms: 1 },
  {
    type: 'evaluated',
    at: at(n),
    passed: failing === null,
    checks: checks.map((c) => ({ duration_ms: 1, ...c })),
    ...(failing === null ? {} : { failure: { check: failing, output: `${failing} failed` } }),
  },
];
const analyzed = (pattern: string): LoopEventInput => ({
  type: 'analyzed',
  at: at(9),
  diagnosis: diagnosis(pattern),
});
const fixed = (strategy: 'auto_fix' | 'analyze_then_fix'): LoopEventInput => ({
  type: 'fixed',
  at: at(9),
  strategy,
  fix_applied: strategy,
  files_modified: ['src/a.ts'],
  duration_ms: 1,
});
const run = (events: LoopEventInput[]): LoopState => events.reduce(reduce, newTask('t'));

const BOTH_FAIL: Check[] = [
  { name: 'lint', passed: false, pattern: 'lint-error' },
  { name: 'typecheck', passed: false, pattern: 'type-error' },
];

describe('fixOutcomes: a fix worked when the failure it targeted did not come back on the next evaluation', () => {
  it('counts a fix that worked though the run then escalated on another failure', () => {
    const state = run([
      ...attempt(1, BOTH_FAIL, 'lint'),
      analyzed('lint-error'),
      fixed('auto_fix'),
      ...attempt(2, [{ name: 'lint', passed: true }, BOTH_FAIL[1] as Check], 'typecheck'),
      analyzed('type-error'),
      { type: 'escalated', at: at(10), reason: 'no agent configured for context_expand' },
    ]);
    expect(state.status).toBe('escalated');
    expect(fixOutcomes(state)).toEqual([{ pattern: 'lint-error', strategy: 'auto_fix', worked: true }]);
    // stats: the lint fix worked (100 %); no fix was tried on the type error (no rate, not 0 %).
    expect(aggregateMetrics([summarizeExecution(state)])).toMatchObject({
      success_rate_by_pattern: { 'lint-error': 1, 'type-error': null },
      fix_attempts_by_pattern: { 'lint-error': 1, 'type-error': 0 },
      escalation_rate: 1,
    });
  });

  it('a failure that came back (the same check, the same pattern) is a fix that did not work; one that moved on to another pattern did', () => {
    const state = run([
      ...attempt(1, [{ name: 'typecheck', passed: false, pattern: 'type-error' }], 'typecheck'),
      analyzed('type-error'),
      fixed('analyze_then_fix'),
      ...attempt(2, [{ name: 'typecheck', passed: false, pattern: 'type-error' }], 'typecheck'),
      analyzed('type-error'),
      fixed('auto_fix'),
      ...attempt(3, [{ name: 'typecheck', passed: false, pattern: 'build-error' }], 'typecheck'),
    ]);
    expect(fixOutcomes(state)).toEqual([
      { pattern: 'type-error', strategy: 'analyze_then_fix', worked: false },
      { pattern: 'type-error', strategy: 'auto_fix', worked: true },
    ]);
  });

  it('a fix refused by validation or that could not be applied did not work; one never evaluated is not judged', () => {
    const state = run([
      ...attempt(1, [{ name: 'lint', passed: false, pattern: 'lint-error' }], 'lint'),
      analyzed('lint-error'),
      { type: 'fix_failed', at: at(9), strategy: 'auto_fix', error: 'eslint crashed' },
      fixed('analyze_then_fix'),
      { type: 'generated', at: at(10), files: ['src/a.ts'], description: 'the fix' },
      {
        type: 'validated',
        at: at(10),
        passed: false,
        gates: ['secrets'],
        violations: [{ type: 'secrets', message: 'a token' }],
      },
      analyzed('lint-error'),
      fixed('auto_fix'),
      // Interrupted before the next evaluation: nothing says whether that last fix worked.
      { type: 'generated', at: at(11), files: ['src/a.ts'], description: 'the fix' },
    ]);
    expect(fixOutcomes(state)).toEqual([
      { pattern: 'lint-error', strategy: 'auto_fix', worked: false },
      { pattern: 'lint-error', strategy: 'analyze_then_fix', worked: false },
    ]);
  });
});
