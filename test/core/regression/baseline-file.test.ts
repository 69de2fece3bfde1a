import { describe, expect, it } from 'vitest';
import {
  baselineFileName,
  parseBaselineFile,
  renderBaselineFile,
} from '../../../src/core/regression/baseline-file.js';
import type { FileTestResult } from '../../../src/core/regression/file-test-result.js';

const results: FileTestResult[] = [
  { file: 'src/math.ts', test_count: 2, pass_count: 2, fail_count: 0, failing: [] },
  {
    file: 'src/stats.ts',
    test_count: 3,
    pass_count: 2,
    fail_count: 1,
    failing: ['mean > handles "quotes": yes'],
  },
];

describe('renderBaselineFile', () => {
  it("writes the seed's front matter", () => {
    const text = renderBaselineFile(
      'task-7',
      ['src/math.ts'],
      ['src/stats.ts'],
      results,
      '2025-01-02T03:04:05.000Z',
    );
    expect(text.split('\n').slice(0, 12)).toEqual([
      '---',
      'entity_name: session.current.baseline.task-7',
      'namespace: session.current',
      'category: regression-baseline',
      'task_id: task-7',
      'target_files: [src/math.ts]',
      'dependent_files: [src/stats.ts]',
      'baseline_results:',
      '  - {"file":"src/math.ts","test_count":2,"pass_count":2,"fail_count":0,"failing":[]}',
      '  - {"file":"src/stats.ts","test_count":3,"pass_count":2,"fail_count":1,"failing":["mean > handles \\"quotes\\": yes"]}',
      'captured_at: 2025-01-02T03:04:05.000Z',
      '---',
    ]);
    expect(text).toContain('| src/stats.ts | 3 | 2 | 1 |');
    expect(baselineFileName('task-7')).toBe('baseline-task-7.md');
  });

  it.each([
    ['results', ['src/a.ts', 'weird: name, [x].ts'], ['src/b.ts'], results],
    ['no results', [], [], []],
  ])('reads back what it wrote (%s)', (_name, targets, dependents, rows) => {
    const text = renderBaselineFile('42', targets, dependents, rows, '2025-01-02T03:04:05.000Z');
    expect(parseBaselineFile(text)).toEqual({
      task_id: '42',
      target_files: targets,
      dependent_files: dependents,
      baseline_results: rows,
      captured_at: '2025-01-02T03:04:05.000Z',
    });
  });

  it.each([
    ['no front matter', '# hello'],
    ['another category', '---\ncategory: dead-letter\ntask_id: x\n---\n'],
    [
      'bad results',
      '---\ncategory: regression-baseline\ntask_id: x\ntarget_files: []\ndependent_files: []\nbaseline_results: [{file: a}]\ncaptured_at: now\n---\n',
    ],
  ])('returns null for %s', (_name, text) => {
    expect(parseBaselineFile(text)).toBeNull();
  });
});
