import { describe, expect, it } from 'vitest';
import { compareBaseline } from '../../../src/core/regression/compare-baseline.js';
import type { FileTestResult } from '../../../src/core/regression/file-test-result.js';

function result(file: string, pass: number, failing: string[] = [], extraFails = 0): FileTestResult {
  return {
    file,
    test_count: pass + failing.length + extraFails,
    pass_count: pass,
    fail_count: failing.length + extraFails,
    failing,
  };
}

describe('compareBaseline', () => {
  it.each<[string, FileTestResult[], FileTestResult[], Array<[string, number, string[]]>]>([
    ['all still passing', [result('a.ts', 5)], [result('a.ts', 5)], []],
    ['two tests broke', [result('a.ts', 5)], [result('a.ts', 3, ['x', 'y'])], [['a.ts', 2, ['x', 'y']]]],
    ['already failing stays failing', [result('a.ts', 4, ['x'])], [result('a.ts', 4, ['x'])], []],
    ['fewer failures is no regression', [result('a.ts', 3, ['x', 'y'])], [result('a.ts', 4, ['x'])], []],
    [
      'one fixed, another broke: not a wash',
      [result('a.ts', 4, ['x'])],
      [result('a.ts', 4, ['y'])],
      [['a.ts', 1, ['y']]],
    ],
    ['unnamed failures count by number', [result('a.ts', 5)], [result('a.ts', 4, [], 1)], [['a.ts', 1, []]]],
    [
      'file missing from baseline: every failure is new',
      [],
      [result('b.ts', 1, ['z'])],
      [['b.ts', 1, ['z']]],
    ],
    ['baseline-only files are ignored', [result('gone.ts', 2)], [], []],
    [
      'sorted by file',
      [],
      [result('z.ts', 0, ['t']), result('a.ts', 0, ['t'])],
      [
        ['a.ts', 1, ['t']],
        ['z.ts', 1, ['t']],
      ],
    ],
  ])('%s', (_name, baseline, current, expected) => {
    expect(compareBaseline(baseline, current).map((r) => [r.file, r.new_failures, r.newly_failing])).toEqual(
      expected,
    );
  });

  it('carries the counts the report table shows', () => {
    expect(
      compareBaseline([result('src/utils/helper.ts', 5)], [result('src/utils/helper.ts', 3, ['p', 'q'])]),
    ).toEqual([
      {
        file: 'src/utils/helper.ts',
        baseline_pass: 5,
        baseline_total: 5,
        current_pass: 3,
        current_total: 5,
        new_failures: 2,
        newly_failing: ['p', 'q'],
      },
    ]);
  });
});
