import type { Attempt } from '../../../src/core/attempt.js';
import type { LoopMemory } from '../../../src/core/pull-request/loop-memory.js';
import type { LoopResult } from '../../../src/core/loop-result.js';
import { aDiagnosis, anAttempt } from '../dead-letter/builders.js';

export { aDiagnosis, anAttempt };

export const SHA_A = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
export const SHA_B = 'b0a1afb000000000000000000000000000000001';
export const SHA_C = 'c0ffee0000000000000000000000000000000002';
export const HEAD = '1234567890abcdef1234567890abcdef12345678';

/** A lint failure fixed by eslint --fix on attempt 1, green on attempt 2. */
export function lintFixedHistory(at = '2026-04-04T10:00'): Attempt[] {
  return [
    anAttempt({
      attempt: 1,
      timestamp: `${at}:00Z`,
      action: 'Ran the checks',
      result: 'lint failed',
      pattern_matched: 'lint-error',
      strategy_used: 'auto_fix',
      duration_ms: 500,
      error: 'src/cart.js:3:7  error  Unexpected var  no-var',
      signature: 'lint-error:js:0badf00d',
      files_modified: ['src/cart.js'],
    }),
    anAttempt({
      attempt: 2,
      timestamp: `${at}:05Z`,
      action: 'Ran the checks',
      result: 'All checks passed',
      pattern_matched: null,
      strategy_used: null,
      duration_ms: 800,
      error: null,
      signature: null,
      files_modified: [],
    }),
  ];
}

export function aLoopResult(overrides: Partial<LoopResult> = {}): LoopResult {
  return {
    version: 1,
    task_id: 'main-e9702ae',
    status: 'success',
    reason: null,
    attempts: 2,
    pattern: 'lint-error',
    category: 'lint',
    signature: 'lint-error:js:0badf00d',
    strategies: ['auto_fix'],
    checks: [
      { name: 'lint', passed: true, timed_out: false, duration_ms: 500 },
      { name: 'test', passed: true, timed_out: false, duration_ms: 300 },
    ],
    diagnosis: null,
    fix_commits: [{ sha: SHA_A, attempt: 1, strategy: 'auto_fix', pattern: 'lint-error' }],
    head: { start: HEAD, end: SHA_A },
    files_modified: ['src/cart.js'],
    reports: { dead_letter: null, escalation: null },
    history: lintFixedHistory(),
    started_at: '2026-04-04T10:00:00Z',
    finished_at: '2026-04-04T10:00:02Z',
    duration_ms: 2400,
    ...overrides,
  };
}

/** A type error the loop could not fix: two context_expand attempts, then a dead letter. */
export function aDeadLetterResult(overrides: Partial<LoopResult> = {}): LoopResult {
  const diagnosis = aDiagnosis({
    locations: [{ file: 'src/utils.ts', line: 15, column: 3 }],
    signature: 'type-error:ts:4c964720',
    evidence: {
      startLine: 1,
      endLine: 1,
      text: "src/utils.ts(15,3): error TS2322: Type 'string' is not assignable to type 'number'.",
    },
  });
  return aLoopResult({
    status: 'failed',
    reason: 'retry_budget_exhausted: type-error twice under context_expand',
    attempts: 2,
    pattern: 'type-error',
    category: 'type',
    signature: diagnosis.signature,
    strategies: ['context_expand', 'analyze_then_fix'],
    checks: [
      { name: 'typecheck', passed: false, timed_out: false, duration_ms: 4200 },
      { name: 'test', passed: true, timed_out: false, duration_ms: 900 },
    ],
    diagnosis,
    fix_commits: [],
    reports: {
      dead_letter: '# Dead letter: main-e9702ae\n\n## Why it stopped\n\nThe same type-error twice.\n',
      escalation: null,
    },
    history: [
      anAttempt({
        attempt: 1,
        timestamp: '2026-04-04T10:00:00Z',
        result: 'typecheck failed',
        strategy_used: 'context_expand',
        signature: diagnosis.signature,
        error: diagnosis.evidence?.text ?? null,
      }),
      anAttempt({
        attempt: 2,
        timestamp: '2026-04-04T10:01:00Z',
        result: 'typecheck failed',
        strategy_used: 'analyze_then_fix',
        signature: diagnosis.signature,
        error: diagnosis.evidence?.text ?? null,
      }),
    ],
    ...overrides,
  });
}

export function aMemory(overrides: Partial<LoopMemory> = {}): LoopMemory {
  return {
    version: 1,
    head_sha: HEAD,
    task_id: 'main-e9702ae',
    attempts: lintFixedHistory(),
    fix_commits: [{ sha: SHA_A, attempt: 1 }],
    bot_pushes: 1,
    status: 'success',
    ...overrides,
  };
}
