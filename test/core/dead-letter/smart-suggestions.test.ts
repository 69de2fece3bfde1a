import { describe, expect, it } from 'vitest';
import type { DeadLetterSummary } from '../../../src/core/dead-letter/dead-letter.js';
import { renderSmartSuggestions } from '../../../src/core/dead-letter/render-smart-suggestions.js';
import { smartSuggestions } from '../../../src/core/dead-letter/smart-suggestions.js';

function failure(overrides: Partial<DeadLetterSummary>): DeadLetterSummary {
  return {
    task_id: 'task',
    original_task: 'A task',
    total_attempts: 3,
    final_pattern: 'type-error',
    category: 'type',
    strategies_exhausted: ['context_expand', 'analyze_then_fix'],
    blocked_at: '2026-04-04T11:30:00Z',
    blocked_reason: 'retry_budget_exhausted',
    similar_failures: 0,
    error_signature: 'type-error:ts:00000000',
    extension: 'ts',
    first_error_line: '',
    error_code: null,
    final_error: '',
    files: [],
    ...overrides,
  };
}

const typeFailure = (id: string, line: number, file = 'src/types/preferences.d.ts'): DeadLetterSummary => {
  const error = `${file}:${line}:3 - error TS2456: Type alias 'Preferences' circularly references itself.`;
  return failure({
    task_id: id,
    first_error_line: error,
    final_error: error,
    error_code: 'TS2456',
    files: [`src/${id}.ts`],
  });
};

describe('smartSuggestions', () => {
  const current = typeFailure('now', 7);
  const similar = [typeFailure('a1b2c3-add-settings', 12), typeFailure('d4e5f6-user-profile', 30)];
  const s = smartSuggestions(current, similar);

  it('names the file that recurs across the failures, with its line range and the recurring symbol', () => {
    expect(s.investigate).toBe(
      '`src/types/preferences.d.ts` (in 3 of 3 failures), lines 7–30, around `Preferences`',
    );
  });

  it("states the seed's root cause for type errors on .ts files and the shared code", () => {
    expect(s.root_cause).toMatch(/^Type system constraints \(all share `TS2456`\)/);
  });

  it('describes the common thread: pattern, file type, code and strategies exhausted in all', () => {
    expect(s.common_thread).toBe(
      'All 3 failures matched `type-error` on `.ts` files with error `TS2456`; strategies exhausted in every one: context_expand, analyze_then_fix.',
    );
  });

  it('suggests simplifying when every fitting strategy was tried, or names one that was not', () => {
    expect(s.alternative).toMatch(
      /^Every fitting automatic strategy has been tried; .*`src\/types\/preferences\.d\.ts`/,
    );
    const lint = (id: string): DeadLetterSummary =>
      failure({
        task_id: id,
        final_pattern: 'lint-error',
        category: 'lint',
        strategies_exhausted: ['analyze_then_fix'],
      });
    expect(smartSuggestions(lint('x'), [lint('y')]).alternative).toMatch(/^Try `auto_fix`/);
  });

  it.each([
    [
      'import-not-found on .py',
      { final_pattern: 'import-not-found', category: 'dependency', extension: 'py' },
      /^Python path\/module resolution/,
    ],
    [
      'test-failure on the same test file',
      { final_pattern: 'test-failure', category: 'test', extension: 'ts', files: ['test/api.test.ts'] },
      /^Test environment or fixture issue in `test\/api\.test\.ts`/,
    ],
    [
      'a lockfile failure',
      { final_pattern: 'lockfile-drift', category: 'lockfile', extension: 'json' },
      /^The lockfile is out of sync/,
    ],
    [
      'an unmatched failure',
      { final_pattern: 'unknown', category: 'unknown', extension: 'none' },
      /^A failure no known pattern describes/,
    ],
  ] as const)('root cause for %s', (_, overrides, expected) => {
    const all = ['a', 'b', 'c'].map((id) =>
      failure({ ...overrides, files: [...((overrides as { files?: string[] }).files ?? [])], task_id: id }),
    );
    expect(smartSuggestions(all[0] as DeadLetterSummary, all.slice(1)).root_cause).toMatch(expected);
  });

  it('stays within the seed budget of about 200 tokens (150 words) for the three suggestions', () => {
    const long = 'x'.repeat(20);
    const wordy = [0, 1, 2, 3, 4, 5, 6, 7].map((i) =>
      typeFailure(`t${i}`, i + 1, `src/${long}/${long}/deeply/nested/file-${i % 2}.ts`),
    );
    const out = smartSuggestions(wordy[0] as DeadLetterSummary, wordy.slice(1));
    const words = [out.root_cause, out.investigate, out.alternative].join(' ').split(/\s+/).length;
    expect(words).toBeLessThanOrEqual(150);
    const md = renderSmartSuggestions(out);
    expect(md).toContain('Based on 7 similar failures:');
    expect(md).toContain('- … and 2 more');
  });
});
