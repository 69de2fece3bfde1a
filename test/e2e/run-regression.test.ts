import { describe, expect, it } from 'vitest';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTempRepo, git } from '../helpers/temp-repo.js';
import { read, runClosedLoop } from './run-helpers.js';

// The configured test check runs only the unit test of math.ts; stats.ts depends on math.ts and has
// its own test. An agent's "fix" makes the checks pass but changes math.ts's contract: only the
// regression check — the dependents' tests, against the first iteration's baseline — can see it.
const files = {
  'package.json': JSON.stringify({
    name: 'r',
    private: true,
    type: 'module',
    devDependencies: { vitest: '*' },
  }),
  'src/math.ts': 'export function half(n: number): number {\n  return n / 2;\n}\n',
  'src/stats.ts':
    "import { half } from './math.js';\nexport function midpoint(a: number, b: number): number {\n  return half(a + b);\n}\n",
  'test/math.test.ts':
    "import { expect, it } from 'vitest';\nimport { half } from '../src/math.js';\nit('halves', () => expect(half(4)).toBe(2));\n",
  'test/stats.test.ts':
    "import { expect, it } from 'vitest';\nimport { midpoint } from '../src/stats.js';\nit('midpoint', () => expect(midpoint(1, 2)).toBe(1.5));\n",
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      target: 'ES2022',
      // As `tsc --init` writes it. node_modules is closed-loop's own: checking all its @types made each
      // tsc run take 4-5 s of CPU instead of 1.5.
      skipLibCheck: true,
    },
    include: ['src'],
  }),
  'agent.mjs': [
    "import fs from 'node:fs';",
    "const src = fs.readFileSync('src/math.ts', 'utf8');",
    "// Fixes the type error, and 'simplifies' half() to integer division: the unit test still passes.",
    "fs.writeFileSync('src/math.ts', src.replace('export const broken: number = \"oops\";', 'export const broken = 0;').replace('return n / 2;', 'return Math.floor(n / 2);'));",
  ].join('\n'),
  '.github/closed-loop.yml': [
    'version: 1',
    'checks:',
    '  - { name: typecheck, type: type, command: "npx tsc --noEmit -p ." }',
    '  - { name: unit, type: test, command: "npx vitest run test/math.test.ts" }',
    'agent: { command: node agent.mjs, timeout: 60 }',
    'regression: { enabled_for_complexity: [medium, high] }',
  ].join('\n'),
};

/** The author's commit on top of the base: a type error in math.ts, the file the branch changes. */
function authorsChange(dir: string): string {
  appendFileSync(join(dir, 'src/math.ts'), 'export const broken: number = "oops";\n');
  git(dir, 'commit', '-qam', 'the author changes math.ts');
  return dir;
}

describe('closed-loop run: regression detection', () => {
  it("catches a fix that breaks a dependent file's tests, with the seed's regression table", () => {
    const dir = authorsChange(createTempRepo(files, { linkNodeModules: true }));
    const r = runClosedLoop(dir, ['--complexity', 'medium', '--json', '--verbose']);
    expect(r.stderr).toMatch(/regression baseline: \d+ dependent file\(s\)/);
    expect(r.stderr).toMatch(/✗ regression check: 1 dependent file\(s\) have new test failures/);
    expect(r.stderr).toMatch(/regression_check failed: regression-detected/);
    expect(r.stderr).toMatch(/\[closed-loop\] task=\S+ regression_check=failed complexity=medium/);
    const result = JSON.parse(r.stdout) as { task_id: string; history: { error: string | null }[] };
    const task = result.task_id;
    const report =
      result.history.map((a) => a.error ?? '').find((e) => e.includes('## Regression Detected')) ?? '';
    expect(report).toContain('1 dependent files have new test failures after your changes:');
    expect(report).toMatch(/\| src\/stats\.ts \| \d+\/\d+ pass \| \d+\/\d+ pass \| 1 \|/);
    expect(read(dir, `.git/closed-loop/baseline-${task}.md`)).toContain('src/stats.ts');
  });

  it('skips the regression check for low complexity, and says so', () => {
    const dir = authorsChange(createTempRepo(files, { linkNodeModules: true }));
    const r = runClosedLoop(dir, ['--complexity', 'low', '--verbose']);
    expect(r.stderr).toMatch(/regression check skipped for low complexity/);
    expect(r.stderr).toMatch(/regression_check=skipped complexity=low/);
  });
});
