import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDeadLetter } from '../../../src/core/dead-letter/build-dead-letter.js';
import { parseDeadLetter } from '../../../src/core/dead-letter/parse-dead-letter.js';
import { renderDeadLetter } from '../../../src/core/dead-letter/render-dead-letter.js';
import { renderAttemptsFile } from '../../../src/core/report/render-attempts-file.js';
import { aDiagnosis, anAttempt, anInput, seedAttempts } from './builders.js';

const rendered = (overrides = {}): string => renderDeadLetter(buildDeadLetter(anInput(overrides)));

describe('parseDeadLetter', () => {
  it('round-trips the front matter, the first line of the final error and the files', () => {
    expect(parseDeadLetter(rendered())).toEqual({
      task_id: 'task-x7y8z9-failing-task',
      original_task: 'Add user preferences feature',
      total_attempts: 3,
      final_pattern: 'type-error',
      category: 'type',
      strategies_exhausted: ['context_expand', 'analyze_then_fix'],
      blocked_at: '2026-04-04T11:30:00Z',
      blocked_reason: 'retry_budget_exhausted',
      similar_failures: 0,
      error_signature: 'type-error:ts:3f9a1c2b',
      extension: 'ts',
      first_error_line:
        "src/types/preferences.d.ts:7:3 - error TS2456: Type alias 'Preferences' circularly references itself.",
      error_code: 'TS2456',
      final_error:
        "src/types/preferences.d.ts:7:3 - error TS2456: Type alias 'Preferences' circularly references itself.",
      files: ['src/preferences.ts', 'src/types/preferences.d.ts', 'src/hooks/usePreferences.ts'],
    });
  });

  it.each([
    ['quotes, colons and a leading star in the task', 'Fix "auth": *urgent* #12'],
    ['a task that looks like YAML', 'key: value\n- item'],
    ['a numeric-looking task', '2026'],
    ['unicode', 'Préférences — 設定'],
  ])('round-trips %s', (_, originalTask) => {
    expect(parseDeadLetter(rendered({ originalTask }))?.original_task).toBe(originalTask.split('\n')[0]);
  });

  it('reads a multi-line final error back from its fence, code included', () => {
    const error =
      'Traceback (most recent call last):\n  File "app/main.py", line 3\nModuleNotFoundError: No module named \'requests\'';
    const parsed = parseDeadLetter(
      rendered({
        attempts: [
          anAttempt({ error, pattern_matched: 'import-not-found', files_modified: ['app/main.py'] }),
        ],
        finalDiagnosis: aDiagnosis({
          pattern: 'import-not-found',
          category: 'dependency',
          signature: 'import-not-found:py:0badc0de',
        }),
      }),
    );
    expect(parsed).toMatchObject({
      first_error_line: 'Traceback (most recent call last):',
      final_error: error,
      extension: 'py',
      files: ['app/main.py'],
    });
  });

  it('reads a hand-written dead letter with missing fields leniently', () => {
    const md =
      '---\ncategory: dead-letter\ntask_id: task-by-hand\nfinal_pattern: lint-error\nstrategies_exhausted: auto_fix, bogus\n---\n\n## Error Chain\n\n### Attempt 1\n- **Error:** ESLint: no-unused-vars\n\n## Files Modified\n- `src/a.js` (modified)\n';
    expect(parseDeadLetter(md)).toMatchObject({
      task_id: 'task-by-hand',
      final_pattern: 'lint-error',
      category: 'lint',
      strategies_exhausted: ['auto_fix'],
      total_attempts: 0,
      extension: 'js',
      first_error_line: 'ESLint: no-unused-vars',
      files: ['src/a.js'],
    });
  });

  it.each([
    ['an empty file', ''],
    ['plain markdown', '# Notes\n\nnothing here'],
    ['unterminated front matter', '---\ntask_id: x\n'],
    ['broken YAML', '---\ntask_id: [unclosed\n---\n'],
    ['a YAML list', '---\n- a\n- b\n---\n'],
    ['an alias bomb', '---\na: &a [*a]\ntask_id: *a\ncategory: dead-letter\n---\n'],
    ['no task id', '---\ncategory: dead-letter\n---\n'],
    [
      'another kind of file',
      renderAttemptsFile('task-1', seedAttempts(), 'failed', '2026-04-04T10:00:00Z', '2026-04-04T10:30:00Z'),
    ],
  ])('returns null for %s', (_, md) => {
    expect(parseDeadLetter(md)).toBeNull();
  });

  it('never throws, whatever it is given', () => {
    const prefixes = fc.constantFrom('', '---\n', '---\ncategory: dead-letter\ntask_id: t\n');
    fc.assert(
      fc.property(
        prefixes,
        fc.string(),
        fc.constantFrom('', '\n---\n## Error Chain\n### Attempt 1\n- **Error:** '),
        (p, s, q) => {
          const result = parseDeadLetter(`${p}${s}${q}${s}`);
          expect(result === null || typeof result.task_id === 'string').toBe(true);
        },
      ),
    );
  });
});
