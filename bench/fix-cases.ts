// The fix benchmark's cases (`npm run bench:fix`): real projects built from real registry packages
// (npm, pnpm, yarn; Python's from Debian, PyPI being out of reach here), each with one realistic
// break, and what an expert expects closed-loop to do about it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { debianWheel } from '../test/helpers/debian-wheel.js';
import { git, writeFiles } from '../test/helpers/temp-repo.js';

export interface Expected {
  status: 'success' | 'escalated';
  /** The loop's commits, oldest first, each with the files it may touch (any other file is a wrong fix). */
  commits: { message: RegExp; files: string[] }[];
  /** Checks still failing at the end (an escalation's deep failure). */
  failing: string[];
}

export interface FixCase {
  name: string;
  stack: string;
  /** The registry packages the project is built from, and the break. */
  built: string;
  brk: string;
  /** Writes and installs the project (real registry packages) and commits it. */
  build(dir: string, env: NodeJS.ProcessEnv): void;
  expected: Expected;
  /** Wrong fixes only this case can see (a dependency in the wrong section), as sentences. */
  wrong?(dir: string): string[];
  /** CI on a fresh clone: installs from the committed declarations and runs the checks that must pass. */
  fresh(dir: string, env: NodeJS.ProcessEnv): void;
}

const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
export const sh = (cwd: string, command: string, env: NodeJS.ProcessEnv): void => {
  execFileSync('sh', ['-c', command], { cwd, env, stdio: 'pipe', timeout: 600_000 });
};
const commit = (dir: string, message: string): void => {
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', message);
};
const manifest = (value: Record<string, unknown>): string => `${JSON.stringify(value, null, 2)}\n`;
const deps = (dir: string, file = 'package.json'): Record<string, Record<string, string> | undefined> =>
  JSON.parse(execFileSync('cat', [join(dir, file)], { encoding: 'utf8' })) as Record<
    string,
    Record<string, string> | undefined
  >;
const ESLINT_CONFIG =
  "import js from '@eslint/js';\nexport default [js.configs.recommended, { rules: { 'prefer-const': 'error', 'no-var': 'error' } }];\n";

/** pip from the local wheelhouse (humanize, made from Debian's build) and Debian's pip/setuptools wheels. */
export const pipEnv = (): Record<string, string> => ({
  PIP_NO_INDEX: '1',
  PIP_FIND_LINKS: `${debianWheel('humanize')} /usr/share/python-wheels`,
});
const venv = (dir: string): void => {
  execFileSync(PYTHON, ['-m', 'venv', '--system-site-packages', '.venv'], { cwd: dir });
};

export const CASES: FixCase[] = [
  {
    name: 'npm-eslint-fixable',
    stack: 'node, npm',
    built: 'eslint, @eslint/js (npm)',
    brk: 'var and a let never reassigned',
    build(dir, env) {
      writeFiles(dir, {
        '.gitignore': 'node_modules\n',
        'package.json': manifest({
          name: 'cart',
          private: true,
          type: 'module',
          scripts: { lint: 'eslint .' },
        }),
        'eslint.config.js': ESLINT_CONFIG,
        'src/cart.js':
          'export function total(items) {\n  var sum = 0;\n  let n = items.length;\n  for (let i = 0; i < n; i++) sum += items[i];\n  return sum;\n}\n',
      });
      sh(dir, 'npm install --no-audit --no-fund --save-dev eslint@9 @eslint/js@9 >/dev/null', env);
      commit(dir, 'cart');
    },
    expected: {
      status: 'success',
      commits: [{ message: /auto_fix for lint-error/, files: ['src/cart.js'] }],
      failing: [],
    },
    fresh: (dir, env) => sh(dir, 'npm ci --no-audit --no-fund >/dev/null && npm run lint', env),
  },
  {
    name: 'npm-missing-runtime-dependency',
    stack: 'node, npm',
    built: 'ms (npm)',
    brk: 'src/duration.js imports ms, which package.json does not declare; no .gitignore yet',
    build(dir, env) {
      // A new project with no dependency yet, and so no node_modules and no .gitignore: the install
      // writes node_modules, which must stay out of the fix's commit all the same.
      writeFiles(dir, {
        'package.json': manifest({
          name: 'duration',
          private: true,
          type: 'module',
          scripts: { test: 'node --test' },
        }),
        'src/duration.js': "import ms from 'ms';\n\nexport const minutes = (n) => ms(`${n}m`);\n",
        'src/duration.test.js':
          "import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { minutes } from './duration.js';\n\ntest('minutes', () => assert.equal(minutes(2), 120000));\n",
      });
      sh(dir, 'npm install --no-audit --no-fund >/dev/null', env);
      commit(dir, 'duration');
    },
    expected: {
      status: 'success',
      commits: [
        { message: /dependency_check for import-not-found/, files: ['package-lock.json', 'package.json'] },
      ],
      failing: [],
    },
    wrong: (dir) =>
      deps(dir).dependencies?.ms
        ? []
        : ['ms is not in dependencies (src/duration.js imports it at run time)'],
    fresh: (dir, env) => sh(dir, 'npm ci --no-audit --no-fund >/dev/null && npm test', env),
  },
  {
    name: 'pnpm-turbo-monorepo',
    stack: 'node, pnpm workspace, turbo',
    built: 'turbo, eslint, @eslint/js (npm registry, by pnpm)',
    brk: 'packages/web: var; packages/core imports semver it does not declare',
    build(dir, env) {
      writeFiles(dir, {
        '.gitignore': 'node_modules\n.turbo\n',
        'package.json': manifest({
          name: 'mono',
          private: true,
          packageManager: 'pnpm@10.34.9',
          scripts: { lint: 'turbo run lint', test: 'turbo run test' },
          devDependencies: { turbo: '^2.5.0' },
        }),
        'pnpm-workspace.yaml': 'packages:\n  - packages/*\n',
        'turbo.json': '{ "tasks": { "lint": {}, "test": {} } }\n',
        'packages/web/package.json': manifest({
          name: '@mono/web',
          version: '1.0.0',
          type: 'module',
          scripts: { lint: 'eslint .' },
          devDependencies: { eslint: '^9.0.0', '@eslint/js': '^9.0.0' },
        }),
        'packages/web/eslint.config.js': ESLINT_CONFIG,
        'packages/web/src/total.js':
          'export function total(items) {\n  var sum = 0;\n  for (const i of items) sum += i;\n  return sum;\n}\n',
        'packages/core/package.json': manifest({
          name: '@mono/core',
          version: '1.0.0',
          type: 'module',
          scripts: { test: 'node --test' },
        }),
        'packages/core/src/index.js':
          "import semver from 'semver';\n\nexport const newer = (a, b) => semver.gt(a, b);\n",
        'packages/core/src/index.test.js':
          "import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { newer } from './index.js';\n\ntest('newer', () => assert.ok(newer('1.2.0', '1.1.9')));\n",
      });
      sh(dir, 'pnpm install --silent', env);
      commit(dir, 'mono');
    },
    expected: {
      status: 'success',
      commits: [
        { message: /auto_fix for lint-error/, files: ['packages/web/src/total.js'] },
        {
          message: /dependency_check for import-not-found/,
          files: ['packages/core/package.json', 'pnpm-lock.yaml'],
        },
      ],
      failing: [],
    },
    wrong: (dir) => [
      ...(deps(dir, 'packages/core/package.json').dependencies?.semver
        ? []
        : ['semver not in packages/core dependencies']),
      ...(deps(dir).dependencies?.semver || deps(dir).devDependencies?.semver
        ? ['semver declared at the root']
        : []),
    ],
    fresh: (dir, env) =>
      sh(dir, 'pnpm install --frozen-lockfile --silent && pnpm run lint && pnpm test', env),
  },
  {
    name: 'pnpm-unfixable-lint-and-drift',
    stack: 'node, pnpm workspace',
    built: 'eslint, @eslint/js, prettier (npm registry, by pnpm)',
    brk: 'packages/api: an undefined name (no fixer for it); packages/ui: unformatted',
    build(dir, env) {
      writeFiles(dir, {
        '.gitignore': 'node_modules\n',
        'package.json': manifest({
          name: 'mono2',
          private: true,
          scripts: { lint: 'pnpm -r lint', 'format:check': 'pnpm -r format:check' },
        }),
        'pnpm-workspace.yaml': 'packages:\n  - packages/*\n',
        'packages/api/package.json': manifest({
          name: '@m/api',
          version: '1.0.0',
          type: 'module',
          scripts: { lint: 'eslint .' },
          devDependencies: { eslint: '^9.0.0', '@eslint/js': '^9.0.0' },
        }),
        'packages/api/eslint.config.js': ESLINT_CONFIG,
        'packages/api/src/handler.js': 'export const handle = (req) => respond(req.body);\n',
        'packages/ui/package.json': manifest({
          name: '@m/ui',
          version: '1.0.0',
          type: 'module',
          scripts: { 'format:check': 'prettier --check src' },
          devDependencies: { prettier: '^3.0.0' },
        }),
        'packages/ui/src/button.js': "export const button = (label) => ({type:'button',label})\n",
      });
      sh(dir, 'pnpm install --silent', env);
      commit(dir, 'mono2');
    },
    expected: {
      status: 'escalated',
      commits: [{ message: /auto_fix for format-error/, files: ['packages/ui/src/button.js'] }],
      failing: ['lint'],
    },
    fresh: (dir, env) => sh(dir, 'pnpm install --frozen-lockfile --silent && pnpm run format:check', env),
  },
  {
    name: 'yarn-mocha-tests-js',
    stack: 'node, yarn, mocha',
    built: 'mocha 11 (npm registry, by yarn)',
    brk: 'tests.js requires chai, which package.json does not declare',
    build(dir, env) {
      writeFiles(dir, {
        '.gitignore': 'node_modules\n',
        'package.json': manifest({
          name: 'csv-lite',
          version: '1.0.0',
          main: 'lib/index.js',
          scripts: { test: 'mocha tests.js' },
          devDependencies: { mocha: '^11.0.0' },
        }),
        'lib/index.js': "module.exports = require('./parse');\n",
        'lib/parse.js':
          "function parse(line) {\n  return line.split(',').map((s) => s.trim());\n}\n\nmodule.exports = { parse };\n",
        'tests.js':
          "const { expect } = require('chai');\nconst { parse } = require('./lib');\n\ndescribe('parse', () => {\n  it('splits on commas', () => {\n    expect(parse('a, b')).to.deep.equal(['a', 'b']);\n  });\n});\n",
      });
      sh(dir, 'yarn install --silent', env);
      commit(dir, 'csv-lite');
    },
    expected: {
      status: 'success',
      commits: [{ message: /dependency_check for import-not-found/, files: ['package.json', 'yarn.lock'] }],
      failing: [],
    },
    wrong: (dir) =>
      deps(dir).devDependencies?.chai
        ? []
        : ["chai is not a devDependency (only mocha's tests.js requires it)"],
    fresh: (dir, env) => sh(dir, 'yarn install --frozen-lockfile --silent && yarn test', env),
  },
  {
    name: 'python-venv-drift-and-dependency',
    stack: 'python, .venv, pyproject',
    built: 'black, isort, pytest (Debian), humanize (a wheel of Debian’s build)',
    brk: 'imports out of order, a dict black reformats, humanize imported but not declared',
    build(dir, env) {
      writeFiles(dir, {
        '.gitignore': '.venv\n__pycache__\n*.egg-info\n',
        'pyproject.toml':
          '[project]\nname = "clock"\nversion = "0.1.0"\ndependencies = [\n    "packaging>=21",\n]\n\n[tool.black]\nline-length = 100\n\n[tool.isort]\nprofile = "black"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\npythonpath = ["src"]\n',
        '.github/workflows/ci.yml':
          'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: pip install -e .\n      - run: black --check .\n      - run: isort --check-only --diff .\n      - run: pytest -q\n',
        'src/clock/__init__.py': 'from clock.format import ago\n\n__all__ = ["ago"]\n',
        'src/clock/format.py':
          'import humanize\nimport datetime\n\n\ndef ago(seconds):\n    return humanize.naturaldelta(datetime.timedelta(seconds=seconds))\n',
        'src/clock/units.py': "UNITS={'s':1,'m':60}\n",
        'tests/test_format.py':
          'from clock import ago\n\n\ndef test_minutes():\n    assert ago(120) == "2 minutes"\n',
      });
      venv(dir);
      void env;
      commit(dir, 'clock');
    },
    expected: {
      status: 'success',
      commits: [
        { message: /auto_fix for format-error/, files: ['src/clock/units.py'] },
        { message: /auto_fix for format-error/, files: ['src/clock/format.py'] },
        { message: /dependency_check for import-not-found/, files: ['pyproject.toml'] },
      ],
      failing: [],
    },
    wrong: (dir) =>
      execFileSync('cat', [join(dir, 'pyproject.toml')], { encoding: 'utf8' }).includes('"humanize>=')
        ? []
        : ['humanize not declared in pyproject.toml'],
    fresh(dir, env) {
      venv(dir);
      sh(
        dir,
        '.venv/bin/python -m pip install -q --no-build-isolation -e . && black --check . && isort --check-only . && .venv/bin/python -m pytest -q',
        env,
      );
    },
  },
  {
    name: 'python-requirements-dev',
    stack: 'python, .venv, requirements files',
    built: 'pytest (Debian), humanize (a wheel of Debian’s build)',
    brk: 'a test helper imports humanize; CI installs requirements-dev.txt',
    build(dir, env) {
      writeFiles(dir, {
        '.gitignore': '.venv\n__pycache__\n',
        'requirements.txt': 'packaging\n',
        'requirements-dev.txt': '-r requirements.txt\npytest\n',
        '.github/workflows/ci.yml':
          'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: pip install -r requirements-dev.txt\n      - run: python -m pytest -q\n',
        'app.py': 'def double(n):\n    return n * 2\n',
        'tests/test_app.py':
          'import humanize\n\nfrom app import double\n\n\ndef test_double():\n    assert humanize.intcomma(double(600)) == "1,200"\n',
        'tests/__init__.py': '',
        'conftest.py': '',
      });
      venv(dir);
      void env;
      commit(dir, 'app');
    },
    expected: {
      status: 'success',
      commits: [{ message: /dependency_check for import-not-found/, files: ['requirements-dev.txt'] }],
      failing: [],
    },
    fresh(dir, env) {
      venv(dir);
      sh(
        dir,
        '.venv/bin/python -m pip install -q -r requirements-dev.txt && .venv/bin/python -m pytest -q',
        env,
      );
    },
  },
  {
    name: 'typescript-drift-and-type-error',
    stack: 'node, npm, TypeScript',
    built: 'typescript, prettier (npm)',
    brk: 'a stale generated file, an unformatted file, and a real type error',
    build(dir, env) {
      writeFiles(dir, {
        'package.json': manifest({
          name: 'names',
          private: true,
          type: 'module',
          scripts: {
            typecheck: 'tsc --noEmit',
            'format:check': 'prettier --check src',
            generate: 'node scripts/generate.mjs',
            'check:generated': 'node scripts/generate.mjs --check',
          },
        }),
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
      sh(dir, 'npm install --no-audit --no-fund --save-dev typescript@5 prettier@3 >/dev/null', env);
      commit(dir, 'names');
    },
    expected: {
      status: 'escalated',
      commits: [
        { message: /auto_fix for an unrecognised failure/, files: ['src/names.ts'] },
        { message: /auto_fix for format-error/, files: ['src/point.ts'] },
      ],
      failing: ['typecheck'],
    },
    fresh: (dir, env) =>
      sh(
        dir,
        'npm ci --no-audit --no-fund >/dev/null && npm run check:generated && npm run format:check',
        env,
      ),
  },
];
