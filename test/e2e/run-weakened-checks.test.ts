import { describe, expect, it } from 'vitest';
import { createTempRepo } from '../helpers/temp-repo.js';
import { commitsSince, git, isClean, read, runClosedLoop } from './run-helpers.js';

/**
 * Scripted coding agents (`agent.command`) on real repositories with the real tools: the cheats are
 * refused by the weakened_checks gate at VALIDATE, rolled back and escalated with their reason; the
 * honest fixes are kept.
 */
const loop = (checks: string): string =>
  `version: 1\nchecks:\n${checks}\nagent:\n  command: node agent.mjs\n  timeout: 60\n`;
const agent = (writes: Record<string, string>): string =>
  `import fs from 'node:fs';\n${Object.entries(writes)
    .map(([path, text]) => `fs.writeFileSync(${JSON.stringify(path)}, ${JSON.stringify(text)});`)
    .join('\n')}\n`;

const JS = {
  'package.json': JSON.stringify({
    name: 'p',
    private: true,
    type: 'module',
    scripts: { test: 'vitest run' },
  }),
  'src/math.js': 'export const add = (a, b) => a - b;\n',
  'src/math.test.js':
    "import { expect, it } from 'vitest';\nimport { add } from './math.js';\n\nit('adds', () => {\n  expect(add(1, 2)).toBe(3);\n});\n",
};
const JS_CHECKS = loop('  - { name: test, type: test, command: npm test }');

const PY = {
  'calc.py': 'def add(a, b):\n    return a - b\n',
  'test_calc.py': 'from calc import add\n\n\ndef test_add():\n    assert add(1, 2) == 3\n',
};
const PY_CHECKS = loop('  - { name: test, type: test, command: python3 -m pytest -q -p no:cacheprovider }');

const GO = {
  'go.mod': 'module calc\n\ngo 1.19\n',
  'calc.go': 'package calc\n\nfunc Add(a, b int) int { return a - b }\n',
  'calc_test.go':
    'package calc\n\nimport "testing"\n\nfunc TestAdd(t *testing.T) {\n\tif got := Add(1, 2); got != 3 {\n\t\tt.Errorf("Add(1, 2) = %d, want 3", got)\n\t}\n}\n',
};
const GO_CHECKS = loop('  - { name: test, type: test, command: go test ./... }');

function refused(files: Record<string, string>, writes: Record<string, string>, reasons: RegExp[]): void {
  const dir = createTempRepo({ ...files, 'agent.mjs': agent(writes) }, { linkNodeModules: true });
  const base = git(dir, 'rev-parse', 'HEAD');
  const r = runClosedLoop(dir);
  expect(r.status, r.stderr).toBe(3);
  expect(r.stderr).toMatch(/weakens a check instead of fixing the cause, so it was rolled back/);
  for (const reason of reasons) expect(r.stderr).toMatch(reason);
  expect(commitsSince(dir, base)).toEqual([]);
  expect(isClean(dir), 'the cheat was rolled back').toBe(true);
}

function kept(files: Record<string, string>, writes: Record<string, string>): void {
  const dir = createTempRepo({ ...files, 'agent.mjs': agent(writes) }, { linkNodeModules: true });
  const base = git(dir, 'rev-parse', 'HEAD');
  const r = runClosedLoop(dir);
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr).not.toMatch(/weakened_checks|failed validation/);
  expect(commitsSince(dir, base)).toHaveLength(1);
  for (const [path, text] of Object.entries(writes)) expect(read(dir, path)).toBe(text);
}

describe('closed-loop run: agents that cheat are refused, honest fixes are kept', () => {
  it('JS (vitest, tsc, eslint): a skipped test, a moved expected value, @ts-ignore, eslint-disable, strict off and `|| true` on the test script are each refused with its reason', () => {
    refused(
      {
        ...JS,
        'tsconfig.json': '{\n  "compilerOptions": {\n    "strict": true\n  }\n}\n',
        '.github/closed-loop.yml': JS_CHECKS,
      },
      {
        'src/math.test.js': JS['src/math.test.js']
          .replace('toBe(3)', 'toBe(-1)')
          .replace("it('adds'", "it.skip('adds'"),
        'src/math.js': '// @ts-ignore\n// eslint-disable-next-line\nexport const add = (a, b) => a - b;\n',
        'tsconfig.json': '{\n  "compilerOptions": {\n    "strict": false\n  }\n}\n',
        'package.json': JS['package.json'].replace('vitest run', 'vitest run || true'),
      },
      [
        /src\/math\.test\.js: skips, focuses or marks a test as todo \[js-test-skipped\]: line 4: `it\.skip\('adds', \(\) => \{`/,
        /src\/math\.test\.js: changes tests' expected values .*\[expected-values-changed\]: old line 5: `expect\(add\(1, 2\)\)\.toBe\(3\);` → line 5: `expect\(add\(1, 2\)\)\.toBe\(-1\);`/,
        /src\/math\.js: adds @ts-ignore.*\[ts-ignore\]: line 1/,
        /src\/math\.js: adds an eslint-disable comment \[eslint-disable\]: line 2/,
        /tsconfig\.json: turns a TypeScript strictness flag off \[tsconfig-loosened\]: line 3/,
        /package\.json: .*\[failure-ignored\]/,
        /package\.json: edits the command a configured check runs: a package\.json script, which the check `test` runs \(`npm test`\) \[check-command-edited\]/,
      ],
    );
  });

  it('Go (go test): t.Skip is refused', () => {
    refused(
      { ...GO, '.github/closed-loop.yml': GO_CHECKS },
      { 'calc_test.go': GO['calc_test.go'].replace('{\n\tif', '{\n\tt.Skip("flaky")\n\tif') },
      [/calc_test\.go: skips a test \[go-test-skipped\]: line 6: `t\.Skip\("flaky"\)`/],
    );
  });

  it('keeps honest fixes of the code under test in JS, Python and Go', () => {
    kept(
      { ...JS, '.github/closed-loop.yml': JS_CHECKS },
      { 'src/math.js': 'export const add = (a, b) => a + b;\n' },
    );
    kept(
      { ...PY, '.github/closed-loop.yml': PY_CHECKS },
      { 'calc.py': 'def add(a, b):\n    return a + b\n' },
    );
    kept(
      { ...GO, '.github/closed-loop.yml': GO_CHECKS },
      { 'calc.go': 'package calc\n\nfunc Add(a, b int) int { return a + b }\n' },
    );
  });
});
