import { describe, expect, it } from 'vitest';
import { LoopResultSchema } from '../../src/core/loop-result.js';
import { runCli } from '../cli/run-cli.js';
import { tempRepos } from '../helpers/temp-repo.js';
import { commitsSince, git, isClean, read, runClosedLoop } from './run-helpers.js';

const repo = tempRepos({ linkNodeModules: true });

// Real eslint and node --test. The lint check's fix_command fixes the lint error and also breaks the
// code the test checks: the loop rolls the fix back, so lint fails again and test passes.
const BREAKING_FIX = {
  'package.json': JSON.stringify({ name: 'p', private: true, type: 'module' }),
  'eslint.config.js': "export default [{ files: ['src/**/*.js'], rules: { 'no-var': 'error' } }];\n",
  'src/q.js': 'var q = 1;\nexport default q;\n',
  'src/add.js': 'export const add = (a, b) => a + b;\n',
  'test/add.test.js':
    "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from '../src/add.js';\ntest('add', () => assert.equal(add(1, 2), 3));\n",
  '.github/closed-loop.yml': [
    'version: 1',
    'checks:',
    '  - name: lint',
    '    type: lint',
    '    command: npx eslint src',
    `    fix_command: "npx eslint --fix src && sed -i 's/a + b/a - b/' src/add.js"`,
    '  - { name: test, type: test, command: node --test test/ }',
    '',
  ].join('\n'),
};

describe('closed-loop run: after a fix is rolled back, what failed is what fails on the rolled-back tree', () => {
  it('names lint (still failing), not the test the discarded fix broke, everywhere', () => {
    const dir = repo(BREAKING_FIX);
    const base = git(dir, 'rev-parse', 'HEAD');
    const r = runClosedLoop(dir);
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/↺ rolled back to where the fix started: it made test fail/);
    // The tree is the one before the fix: lint red, test green, nothing committed.
    expect(read(dir, 'src/add.js')).toBe(BREAKING_FIX['src/add.js']);
    expect(commitsSince(dir, base)).toEqual([]);
    expect(isClean(dir)).toBe(true);

    // The terminal's summary.
    const end = r.stderr.slice(r.stderr.indexOf('⚠ escalated'));
    expect(end).toMatch(/\n {2}failed {6}lint: lint-error at src\/q\.js:1\n {14}.*Unexpected var/);
    expect(end).not.toMatch(/test|AssertionError/);

    // result.json agrees with itself: lint is the failing check, test passed.
    const task = /task (\S+);/.exec(r.stderr)?.[1] as string;
    const result = LoopResultSchema.parse(JSON.parse(read(dir, '.git/closed-loop/result.json')));
    expect(result.checks.map((c) => [c.name, c.passed])).toEqual([
      ['lint', false],
      ['test', true],
    ]);
    expect((result.failing_checks ?? []).map((c) => [c.name, c.pattern])).toEqual([['lint', 'lint-error']]);

    // status.
    const status = runCli(['status'], { cwd: dir });
    expect(status.stdout).toMatch(/failing checks \(last evaluation\)\n- lint: lint-error — /);
    expect(status.stdout).not.toMatch(/- test: /);

    // The escalation report.
    const report = read(dir, `.git/closed-loop/escalation-${task}.md`);
    expect(report).toMatch(/### ❌ What failed: check `lint`/);
    expect(report).not.toMatch(/What failed: check `test`/);
  });

  it("points each attempt at its own check log, beside the restored tree's", () => {
    // An unrecognised failure and an agent whose edit changes nothing: each guess is rolled back.
    const dir = repo({
      'src/a.js': 'export const a = 1;\n',
      '.github/closed-loop.yml': [
        'version: 1',
        'checks:',
        '  - { name: odd, type: custom, command: "echo something odd happened; exit 1" }',
        'agent:',
        '  command: sh -c "echo // touched >> src/a.js"',
        '',
      ].join('\n'),
    });
    const r = runClosedLoop(dir);
    expect(r.status, r.stderr).toBe(3);
    const task = /task (\S+);/.exec(r.stderr)?.[1] as string;
    const logs = `.git/closed-loop/logs/${task}`;
    const lines = r.stderr.split('\n').filter((l) => l.includes('full output: '));
    expect(lines).toEqual([
      `    full output: ${logs}/attempt-1/odd.log`,
      `    full output: ${logs}/attempt-1/odd.log (the tree the rollback restored); with the rolled-back fix: ${logs}/attempt-2/odd.log`,
      `    full output: ${logs}/attempt-1/odd.log (the tree the rollback restored); with the rolled-back fix: ${logs}/attempt-3/odd.log`,
    ]);
    for (const n of [1, 2, 3])
      expect(read(dir, `${logs}/attempt-${n}/odd.log`)).toContain('something odd happened');
  });
});
