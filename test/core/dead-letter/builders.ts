import type { Attempt } from '../../../src/core/attempt.js';
import {
  buildDeadLetter,
  type BuildDeadLetterInput,
} from '../../../src/core/dead-letter/build-dead-letter.js';
import type { DeadLetterSummary } from '../../../src/core/dead-letter/dead-letter.js';
import { parseDeadLetter } from '../../../src/core/dead-letter/parse-dead-letter.js';
import { renderDeadLetter } from '../../../src/core/dead-letter/render-dead-letter.js';
import type { Diagnosis } from '../../../src/core/diagnosis.js';
import { PatternSchema, type Pattern, type PatternInput } from '../../../src/core/patterns/pattern.js';

export function anAttempt(overrides: Partial<Attempt> = {}): Attempt {
  return {
    attempt: 1,
    timestamp: '2026-04-04T10:15:30Z',
    action: 'Created preferences.ts with initial implementation',
    result: 'Type check failed',
    error:
      "src/preferences.ts:12:5 - error TS2322: Type 'undefined' is not assignable to type 'Preferences'.",
    pattern_matched: 'type-error',
    strategy_used: 'context_expand',
    duration_ms: 2341,
    files_modified: ['src/preferences.ts'],
    signature: 'type-error:ts:3f9a1c2b',
    ...overrides,
  };
}

export function aDiagnosis(overrides: Partial<Diagnosis> = {}): Diagnosis {
  return {
    pattern: 'type-error',
    category: 'type',
    confidence: 0.6,
    strategy: 'context_expand',
    retryable: true,
    locations: [{ file: 'src/types/preferences.d.ts', line: 7, column: 3 }],
    signature: 'type-error:ts:3f9a1c2b',
    evidence: null,
    alternatives: [],
    ...overrides,
  };
}

export function aPattern(overrides: PatternInput): Pattern {
  return PatternSchema.parse(overrides);
}

export const CATALOGUE: Pattern[] = [
  aPattern({
    id: 'type-error',
    category: 'type',
    signals: ['error TS', 'is not assignable'],
    strategy: 'context_expand',
    alternatives: ['analyze_then_fix'],
    suggestion: 'Read the type definitions the failing code uses and fix the definition, not the call site',
  }),
  aPattern({
    id: 'lint-error',
    category: 'lint',
    signals: ['ESLint'],
    strategy: 'auto_fix',
    suggestion: 'Run the linter with --fix, then fix what remains by hand',
  }),
  aPattern({
    id: 'import-not-found',
    category: 'dependency',
    signals: ['Cannot find module', 'ModuleNotFoundError'],
    strategy: 'dependency_check',
  }),
  aPattern({
    id: 'test-failure',
    category: 'test',
    signals: ['FAIL', 'AssertionError'],
    strategy: 'analyze_then_fix',
  }),
];

/** The seed's example: three type-error attempts, the budget running out on the third. */
export function seedAttempts(): Attempt[] {
  return [
    anAttempt(),
    anAttempt({
      attempt: 2,
      timestamp: '2026-04-04T10:18:45Z',
      action: 'Added default values and type guards',
      error:
        "src/preferences.ts:20:9 - error TS2339: Property 'theme' does not exist on type 'Partial<Preferences>'.",
      strategy_used: 'analyze_then_fix',
      files_modified: ['src/preferences.ts', 'src/types/preferences.d.ts'],
    }),
    anAttempt({
      attempt: 3,
      timestamp: '2026-04-04T10:22:10Z',
      action: 'Rewrote with explicit typing',
      error:
        "src/types/preferences.d.ts:7:3 - error TS2456: Type alias 'Preferences' circularly references itself.",
      strategy_used: 'analyze_then_fix',
      files_modified: ['src/hooks/usePreferences.ts'],
    }),
  ];
}

export function anInput(overrides: Partial<BuildDeadLetterInput> = {}): BuildDeadLetterInput {
  return {
    taskId: 'task-x7y8z9-failing-task',
    originalTask: 'Add user preferences feature\n\nPersist the preferences to localStorage.',
    attempts: seedAttempts(),
    finalDiagnosis: aDiagnosis(),
    blockedAt: '2026-04-04T11:30:00Z',
    blockedReason: 'retry_budget_exhausted',
    patterns: CATALOGUE,
    similar: [],
    ...overrides,
  };
}

/** An earlier dead letter as the I/O layer would hand it over: rendered, then read back. */
export function anEarlierDeadLetter(
  taskId: string,
  overrides: Partial<BuildDeadLetterInput> = {},
): DeadLetterSummary {
  const summary = parseDeadLetter(renderDeadLetter(buildDeadLetter(anInput({ taskId, ...overrides }))));
  if (summary === null) throw new Error(`builder produced an unreadable dead letter for ${taskId}`);
  return summary;
}
