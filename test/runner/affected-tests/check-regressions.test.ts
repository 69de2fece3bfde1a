import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/core/config/schema.js';
import { readBaseline, writeBaseline } from '../../../src/runner/affected-tests/baseline-store.js';
import { captureBaseline, checkRegressions } from '../../../src/runner/affected-tests/check-regressions.js';
import { runTestsForFiles } from '../../../src/runner/affected-tests/run-tests-for-files.js';
import { createTempRepo, writeFiles } from '../../helpers/temp-repo.js';

const config = defaultConfig().regression;
const dir = createTempRepo(
  {
    'package.json': JSON.stringify({
      name: 'calc',
      type: 'module',
      scripts: { test: 'vitest run' },
      devDependencies: { vitest: '*' },
    }),
    'src/math.ts': 'export function divide(a: number, b: number): number {\n  return a / b;\n}\n',
    'src/stats.ts':
      "import { divide } from './math.js';\nexport function mean(xs: number[]): number {\n  return divide(xs.reduce((s, x) => s + x, 0), xs.length);\n}\nexport const count = (xs: number[]) => xs.length;\n",
    'src/unrelated.ts': 'export const x = 1;\n',
    'test/math.test.ts':
      "import { expect, it } from 'vitest';\nimport { divide } from '../src/math.js';\nit('divides', () => expect(divide(6, 3)).toBe(2));\n",
    'test/stats.test.ts':
      "import { describe, expect, it } from 'vitest';\nimport { count, mean } from '../src/stats.js';\ndescribe('stats', () => {\n  it('averages', () => expect(mean([1, 2])).toBe(1.5));\n  it('counts', () => expect(count([1, 2])).toBe(2));\n});\n",
  },
  { linkNodeModules: true },
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('regression detection with the real vitest', () => {
  it('captures a baseline, then finds the dependent broken by a contract change', async () => {
    const captured = await captureBaseline(
      dir,
      { taskId: 't1', targetFiles: ['src/math.ts'], now: new Date('2025-01-01T00:00:00Z') },
      { complexity: 'medium', config },
    );
    if (captured.status !== 'captured') throw new Error(captured.reason);
    const { baseline } = captured;
    expect(baseline.dependent_files).toEqual(['src/stats.ts']);
    expect(baseline.baseline_results).toEqual([
      { file: 'src/math.ts', test_count: 3, pass_count: 3, fail_count: 0, failing: [] }, // its own test and stats' (through stats.ts)
      { file: 'src/stats.ts', test_count: 2, pass_count: 2, fail_count: 0, failing: [] },
    ]);
    const store = join(dir, '.closed-loop');
    writeBaseline(store, baseline);
    expect(readBaseline(store, 't1')).toEqual(baseline);

    // The contract changes: divide now returns the integer quotient.
    writeFiles(dir, {
      'src/math.ts':
        'export function divide(a: number, b: number): number {\n  return Math.floor(a / b);\n}\n',
    });
    const check = await checkRegressions(dir, readBaseline(store, 't1'), { complexity: 'medium', config });
    expect(check.status).toBe('failed');
    expect(check.dependents).toEqual(['src/stats.ts']);
    expect(check.regressions).toEqual([
      {
        file: 'src/stats.ts',
        baseline_pass: 2,
        baseline_total: 2,
        current_pass: 1,
        current_total: 2,
        new_failures: 1,
        newly_failing: ['stats > averages'],
      },
    ]);
    expect(check.report).toContain(
      [
        '1 dependent files have new test failures after your changes:',
        '',
        '| File | Baseline | Current | New Failures |',
        '|------|----------|---------|--------------|',
        '| src/stats.ts | 2/2 pass | 1/2 pass | 1 |',
        '',
        '### Affected Tests',
        '',
        '**src/stats.ts:**',
        '- `stats > averages` - was passing, now failing',
      ].join('\n'),
    );
    expect(check.report.startsWith('## Regression Detected\n')).toBe(true);
  });

  it('counts a test file that no longer loads as a failure', async () => {
    const before = await runTestsForFiles(dir, ['src/stats.ts']);
    writeFiles(dir, { 'src/stats.ts': "export { nothing } from './nowhere.js';\n" });
    const after = await runTestsForFiles(dir, ['src/stats.ts', 'test/math.test.ts', 'src/unrelated.ts']);
    expect(before[0]!.test_count).toBe(2);
    expect(after.map((r) => [r.file, r.fail_count])).toEqual([
      ['src/stats.ts', 1],
      ['test/math.test.ts', 0],
      ['src/unrelated.ts', 0],
    ]);
  });

  it('is skipped by the complexity gate and without a baseline', async () => {
    await expect(
      captureBaseline(dir, { taskId: 't2', targetFiles: ['src/math.ts'] }, { complexity: 'low', config }),
    ).resolves.toMatchObject({ status: 'skipped' });
    await expect(checkRegressions(dir, null, { complexity: 'high', config })).resolves.toMatchObject({
      status: 'skipped',
      reason: 'no baseline was captured',
    });
    const none = {
      task_id: 't3',
      target_files: ['src/unrelated.ts'],
      dependent_files: [],
      baseline_results: [],
      captured_at: 'now',
    };
    await expect(checkRegressions(dir, none, { complexity: 'high', config })).resolves.toMatchObject({
      status: 'passed',
      dependents: [],
    });
  });
});
