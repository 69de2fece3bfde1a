import { describe, expect, it } from 'vitest';
import { renderExecutionFailed } from '../../../src/core/report/render-execution-failed.js';
import { CATALOGUE, aDiagnosis, anAttempt, seedAttempts } from '../dead-letter/builders.js';

const render = (attempts = seedAttempts()): string =>
  renderExecutionFailed({
    taskId: 'task-j0k1l2-complex-refactor',
    attempts,
    finalDiagnosis: aDiagnosis(),
    patterns: CATALOGUE,
    blockedReason: 'retry_budget_exhausted',
  });

describe('renderExecutionFailed', () => {
  it("follows the seed's terminal report", () => {
    const md = render();
    expect(md.split('\n')[0]).toBe('## Execution Failed: task-j0k1l2-complex-refactor');
    expect(md).toContain('**Attempts made:** 3');
    expect(md).toContain('**Patterns matched:** `type-error`');
    expect(md).toContain('**Strategies tried:** `context_expand`, `analyze_then_fix`');
    expect([...md.matchAll(/^### .*$/gm)].map((m) => m[0])).toEqual([
      '### Error Chain',
      '### Suggested Manual Steps',
      '### Files Modified',
    ]);
    expect(md.trimEnd().endsWith('Task is now blocked. Address the issues manually and retry.')).toBe(true);
  });

  it('summarises the error chain chronologically, one line per attempt', () => {
    const chain = render()
      .split('\n')
      .filter((l) => /^\d\. \*\*/.test(l));
    expect(chain).toEqual([
      "1. **10:15:30** · type-error · context_expand — src/preferences.ts:12:5 - error TS2322: Type 'undefined' is not assignable to type 'Preferences'.",
      "2. **10:18:45** · type-error (same) · analyze_then_fix (alternate) — src/preferences.ts:20:9 - error TS2339: Property 'theme' does not exist on type 'Partial<Preferences>'.",
      "3. **10:22:10** · type-error (same) · exhausted — src/types/preferences.d.ts:7:3 - error TS2456: Type alias 'Preferences' circularly references itself.",
    ]);
  });

  it('shows a multi-line final error in a fence and lists files touched once', () => {
    const md = render([
      anAttempt({
        error: 'FAIL test/a.test.ts\n  expected 1 to be 2',
        pattern_matched: 'test-failure',
        files_modified: ['src/a.ts', 'src/a.ts'],
      }),
    ]);
    expect(md).toContain('```\nFAIL test/a.test.ts\n  expected 1 to be 2\n```');
    expect(md.match(/^- src\/a\.ts$/gm)).toHaveLength(1);
  });
});
