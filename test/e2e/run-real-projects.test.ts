import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { LoopResultSchema, type LoopResult } from '../../src/core/loop-result.js';
import { CLI } from '../cli/run-cli.js';
import { debianWheel } from '../helpers/debian-wheel.js';
import { git, REPO_ROOT, tempRepos } from '../helpers/temp-repo.js';
import { commitsSince, read } from './run-helpers.js';

// Projects as people have them — a pnpm workspace run by turbo, a yarn project tested by mocha's
// tests.js, a Python project with its .venv, a TypeScript project with drift beside a type error —
// each with several failures at once, run by the real tools. Every mechanical failure must be fixed
// and committed on its own, the deep one escalated with those fixes listed, and a success must hold
// on a fresh checkout, as CI runs it. pnpm, yarn, turbo, mocha, eslint, prettier and tsc are
// closed-loop's own devDependencies (linked, nothing downloaded for them); the missing packages come
// from the npm registry (semver, chai: what CI's own npm ci reaches), and Python's from a wheel made
// from Debian's build of it (apt-get download, as .ci/run installs its tools; no PyPI). The four
// projects run side by side (≈108 s wall, ≈90 CPU-seconds on a loaded 2-core machine).
const repo = tempRepos();
const BIN = join(REPO_ROOT, 'node_modules', '.bin');
const link = (name: string): string => `link:${join(REPO_ROOT, 'node_modules', name)}`;
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

const toolsEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  PATH: `${BIN}${delimiter}${process.env.PATH ?? ''}`,
  NO_COLOR: '1',
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  ...extra,
});
const run = promisify(execFile);
// Async, so the four projects' tools run side by side (the file's wall time is its slowest project).
const sh = async (cwd: string, command: string, env = toolsEnv()): Promise<void> => {
  await run('sh', ['-c', command], { cwd, env, timeout: 180_000, maxBuffer: 64 << 20 });
};
const json = (text: string): Record<string, Record<string, string> | undefined> =>
  JSON.parse(text) as Record<string, Record<string, string> | undefined>;

interface Run {
  status: number | null;
  stderr: string;
  result: LoopResult;
}
async function closedLoop(cwd: string, env = toolsEnv()): Promise<Run> {
  const r = await run(process.execPath, [CLI, 'run', '--json'], {
    cwd,
    env,
    timeout: 280_000,
    maxBuffer: 64 << 20,
  }).then(
    (out) => ({ status: 0, ...out }),
    (err: { code?: number; stdout?: string; stderr?: string }) => ({
      status: typeof err.code === 'number' ? err.code : null,
      stdout: err.stdout ?? '',
      stderr: err.stderr ?? String(err),
    }),
  );
  if (r.stdout === '') throw new Error(`closed-loop printed no result (exit ${r.status}):\n${r.stderr}`);
  return { status: r.status, stderr: r.stderr, result: LoopResultSchema.parse(JSON.parse(r.stdout)) };
}
const filesOf = (dir: string, ref: string): string[] =>
  git(dir, 'show', '--name-only', '--format=', ref).split('\n').filter(Boolean).sort();
/** The branch as CI gets it: a fresh clone, nothing installed. */
function freshCheckout(dir: string): string {
  const fresh = mkdtempSync(join(tmpdir(), 'closed-loop-fresh-'));
  made.push(fresh);
  git(fresh, 'clone', '-q', dir, '.');
  return fresh;
}

describe.concurrent('closed-loop run on real projects, every failing check worked', () => {
  it('a pnpm workspace run by turbo: eslint fixed in the package that fails, a missing package declared in the one that imports it; green on a fresh checkout', async () => {
    const dir = repo({
      '.gitignore': 'node_modules\n.turbo\n',
      'package.json': `${JSON.stringify({ name: 'mono', private: true, packageManager: 'pnpm@10.34.9', scripts: { lint: 'turbo run lint', test: 'turbo run test' }, devDependencies: { turbo: link('turbo') } }, null, 2)}\n`,
      'pnpm-workspace.yaml': 'packages:\n  - packages/*\n',
      'turbo.json': '{ "tasks": { "lint": {}, "test": {} } }\n',
      'packages/web/package.json': `${JSON.stringify({ name: '@mono/web', version: '1.0.0', type: 'module', scripts: { lint: 'eslint .' }, devDependencies: { eslint: link('eslint'), '@eslint/js': link('@eslint/js') } }, null, 2)}\n`,
      'packages/web/eslint.config.js':
        "import js from '@eslint/js';\nexport default [js.configs.recommended, { rules: { 'prefer-const': 'error', 'no-var': 'error' } }];\n",
      'packages/web/src/total.js':
        'export function total(items) {\n  var sum = 0;\n  for (const i of items) sum += i;\n  return sum;\n}\n',
      'packages/core/package.json': `${JSON.stringify({ name: '@mono/core', version: '1.0.0', type: 'module', scripts: { test: 'node --test' } }, null, 2)}\n`,
      'packages/core/src/index.js':
        "import semver from 'semver';\n\nexport const newer = (a, b) => semver.gt(a, b);\n",
      'packages/core/src/index.test.js':
        "import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { newer } from './index.js';\n\ntest('newer', () => assert.ok(newer('1.2.0', '1.1.9')));\n",
    });
    await sh(dir, 'pnpm install --silent');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'lockfile');
    const base = git(dir, 'rev-parse', 'HEAD');
    const rootManifest = read(dir, 'package.json');

    const { status, stderr, result } = await closedLoop(dir);
    expect(result.status, stderr).toBe('success');
    expect(status).toBe(0);
    // turbo's `@mono/web:lint:` prefix read past; eslint run in the package, with its config.
    expect(stderr).toContain('ran (cd packages/web && npx eslint --fix -- src/total.js)');
    expect(stderr).toContain('ran pnpm --filter @mono/core add semver');
    expect(commitsSince(dir, base)).toEqual([
      'closed-loop: dependency_check for import-not-found (attempt 3)',
      'closed-loop: auto_fix for lint-error (attempt 2)',
    ]);
    expect(filesOf(dir, 'HEAD~1')).toEqual(['packages/web/src/total.js']);
    expect(filesOf(dir, 'HEAD')).toEqual(['packages/core/package.json', 'pnpm-lock.yaml']);
    expect(Object.keys(json(read(dir, 'packages/core/package.json')).dependencies ?? {})).toEqual(['semver']);
    expect(read(dir, 'package.json')).toBe(rootManifest);

    // CI from a fresh checkout: the frozen lockfile installs, and both tasks pass.
    const fresh = freshCheckout(dir);
    await sh(fresh, 'pnpm install --frozen-lockfile --prefer-offline --silent && pnpm run lint && pnpm test');
  });

  it("a yarn project tested by mocha's tests.js: the missing package is a devDependency, as the test script says", async () => {
    const dir = repo({
      '.gitignore': 'node_modules\n',
      'package.json': `${JSON.stringify({ name: 'csv-lite', version: '1.0.0', main: 'lib/index.js', scripts: { test: 'mocha tests.js' }, devDependencies: { mocha: link('mocha') } }, null, 2)}\n`,
      'lib/index.js': "module.exports = require('./parse');\n",
      'lib/parse.js':
        "function parse(line) {\n  return line.split(',').map((s) => s.trim());\n}\n\nmodule.exports = { parse };\n",
      'tests.js':
        "const { expect } = require('chai');\nconst { parse } = require('./lib');\n\ndescribe('parse', () => {\n  it('splits on commas', () => {\n    expect(parse('a, b')).to.deep.equal(['a', 'b']);\n  });\n});\n",
    });
    await sh(dir, 'yarn install --silent');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'lockfile');
    const base = git(dir, 'rev-parse', 'HEAD');

    const { stderr, result } = await closedLoop(dir);
    expect(result.status, stderr).toBe('success');
    expect(stderr).toContain('ran yarn add --dev chai');
    expect(commitsSince(dir, base)).toEqual([
      'closed-loop: dependency_check for import-not-found (attempt 2)',
    ]);
    expect(filesOf(dir, 'HEAD')).toEqual(['package.json', 'yarn.lock']);
    const manifest = json(read(dir, 'package.json'));
    expect(Object.keys(manifest.devDependencies ?? {}).sort()).toEqual(['chai', 'mocha']);
    expect(manifest.dependencies).toBeUndefined();
  });

  it('a Python project with a .venv: isort and black drift fixed one commit each, the missing package installed in the venv AND declared in pyproject.toml; green in a fresh venv', async () => {
    const wheelhouse = debianWheel('humanize');
    const pip = { PIP_NO_INDEX: '1', PIP_FIND_LINKS: `${wheelhouse} /usr/share/python-wheels` };
    const dir = repo({
      '.gitignore': '.venv\n__pycache__\n*.egg-info\n',
      'pyproject.toml':
        '[project]\nname = "clock"\nversion = "0.1.0"\ndependencies = [\n    "packaging>=21",\n]\n\n[tool.black]\nline-length = 100\n\n[tool.isort]\nprofile = "black"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\npythonpath = ["src"]\n',
      // The checks come from CI's run: steps only.
      '.github/workflows/ci.yml':
        'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: pip install -e .\n      - run: black --check .\n      - run: isort --check-only --diff .\n      - run: pytest -q\n',
      'src/clock/__init__.py': 'from clock.format import ago\n\n__all__ = ["ago"]\n',
      'src/clock/format.py':
        'import humanize\nimport datetime\n\n\ndef ago(seconds):\n    return humanize.naturaldelta(datetime.timedelta(seconds=seconds))\n',
      'src/clock/units.py': "UNITS={'s':1,'m':60}\n",
      'tests/test_format.py':
        'from clock import ago\n\n\ndef test_minutes():\n    assert ago(120) == "2 minutes"\n',
    });
    execFileSync(PYTHON, ['-m', 'venv', '--system-site-packages', '.venv'], { cwd: dir });
    const base = git(dir, 'rev-parse', 'HEAD');

    const { stderr, result } = await closedLoop(dir, toolsEnv(pip));
    expect(result.status, stderr).toBe('success');
    expect(stderr).toContain('closed-loop: python: the virtualenv .venv');
    expect(stderr).toMatch(/checks black, isort, pytest \(detected: python\)/);
    expect(commitsSince(dir, base).reverse()).toEqual([
      'closed-loop: auto_fix for format-error (attempt 2)',
      'closed-loop: auto_fix for format-error (attempt 3)',
      'closed-loop: dependency_check for import-not-found (attempt 4)',
    ]);
    expect(filesOf(dir, 'HEAD')).toEqual(['pyproject.toml']);
    expect(read(dir, 'pyproject.toml')).toContain(
      'dependencies = [\n    "packaging>=21",\n    "humanize>=4.4.0",\n]',
    );
    expect(read(dir, 'src/clock/format.py')).toMatch(/^import datetime\n\nimport humanize\n/);
    expect(read(dir, 'src/clock/units.py')).toBe('UNITS = {"s": 1, "m": 60}\n');

    // CI from a fresh checkout: a fresh virtualenv with what pyproject.toml declares, and the tests.
    const fresh = freshCheckout(dir);
    execFileSync(PYTHON, ['-m', 'venv', '--system-site-packages', '.venv'], { cwd: fresh });
    const declared = `import tomllib; print("\\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"]))`;
    await sh(
      fresh,
      `.venv/bin/python -c '${declared}' > declared.txt && .venv/bin/python -m pip install -q -r declared.txt && .venv/bin/python -m pytest -q`,
      toolsEnv(pip),
    );
  });

  it('drift beside a type error: the stale generated file and the formatting fixed and committed, the type error escalated with both fixes listed', async () => {
    const dir = repo({
      '.gitignore': 'node_modules\n',
      'package.json': `${JSON.stringify({ name: 'names', private: true, type: 'module', scripts: { typecheck: 'tsc --noEmit', 'format:check': 'prettier --check src', generate: 'node scripts/generate.mjs', 'check:generated': 'node scripts/generate.mjs --check' } }, null, 2)}\n`,
      '.github/workflows/ci.yml':
        'on: push\njobs:\n  ci:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm ci\n      - run: npm run typecheck\n      - run: npm run check:generated\n',
      'tsconfig.json':
        '{ "compilerOptions": { "strict": true, "module": "nodenext", "target": "es2022", "noEmit": true, "types": [] }, "include": ["src"] }\n',
      'scripts/generate.mjs': [
        "import { readFileSync, writeFileSync } from 'node:fs';",
        "const names = readFileSync('names.txt', 'utf8').trim().split('\\n');",
        "const out = `export const NAMES = [${names.map((n) => JSON.stringify(n)).join(', ')}] as const;\\n`;",
        "const now = (() => { try { return readFileSync('src/names.ts', 'utf8'); } catch { return ''; } })();",
        "if (!process.argv.includes('--check')) writeFileSync('src/names.ts', out);",
        "else if (now !== out) { console.error('src/names.ts is out of date: run `npm run generate` to regenerate it'); process.exit(1); }",
        '',
      ].join('\n'),
      'names.txt': 'ann\nbob\n',
      'src/names.ts': 'export const NAMES = ["ann"] as const;\n',
      'src/add.ts':
        'export function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport const total: number = add(1, "2");\n',
      'src/point.ts': 'export const origin = {x:0,y:0}\n',
    });
    await sh(dir, `ln -s ${JSON.stringify(join(REPO_ROOT, 'node_modules'))} node_modules`);
    const base = git(dir, 'rev-parse', 'HEAD');

    const { status, stderr, result } = await closedLoop(dir);
    expect(result.status, stderr).toBe('escalated');
    expect(status).toBe(3);
    expect(stderr).toContain(
      'ran npm run generate (the check\'s output says to run the project script "generate")',
    );
    expect(commitsSince(dir, base).reverse()).toEqual([
      'closed-loop: auto_fix for an unrecognised failure (attempt 2)',
      'closed-loop: auto_fix for format-error (attempt 3)',
    ]);
    expect(read(dir, 'src/names.ts')).toBe('export const NAMES = ["ann", "bob"] as const;\n');
    expect(read(dir, 'src/point.ts')).toBe('export const origin = { x: 0, y: 0 };\n');
    expect(read(dir, 'src/add.ts')).toContain('add(1, "2")');
    expect((result.failing_checks ?? []).map((c) => [c.name, c.pattern])).toEqual([
      ['typecheck', 'type-error'],
    ]);
    const report = result.reports.escalation ?? '';
    expect(report).toContain('## Fixed in this run');
    expect(report).toMatch(/^- `[0-9a-f]{7}` check:generated: auto_fix .* ran npm run generate/m);
    expect(report).toMatch(
      /^- `[0-9a-f]{7}` format:check: auto_fix for format-error — ran npx prettier --write -- src\/point\.ts/m,
    );
    expect(result.fix_commits).toHaveLength(2);
  });
});
