// The multi-step dev probes (read and tune on them freely): one file per probe, in the order written.
import type { CorpusCase, Loc } from '../../generator/corpus-case.js';
import { NM2 } from './shared.js';

// An eighth probe (same session): JS and Python failures of everyday CI (vite, node:test, mocha, tsc,
// eslint, npm, esbuild, jest, unittest, pytest, flake8, pylint, isort, pip), each in a GitHub Actions step,
// labelled before the analyzer ran. It missed 2: vite 8's [PARSE_ERROR], and jest parsing a .ts test with
// no TypeScript transform (config, by what jest's banner says; the analyzer answers syntax).
const PKG = '{"name":"shop","version":"1.0.0","type":"module"}';
const PY3 = '/usr/bin/python3';
// [id, category, files, cmd, pre]
const EVERYDAY: [string, string, Record<string, string>, string, string][] = [
  [
    'vite-build-syntax',
    'syntax',
    {
      'package.json': PKG,
      'index.html': '<script type="module" src="/src/main.js"></script>\n',
      'src/main.js': 'const a = {\n  b: 1,\n  c 2,\n};\nconsole.log(a);\n',
    },
    'npx --no-install vite build',
    NM2,
  ],
  [
    'vite-build-missing-package',
    'dependency',
    {
      'package.json': PKG,
      'index.html': '<script type="module" src="/src/main.js"></script>\n',
      'src/main.js': "import dayjs from 'dayjs';\nconsole.log(dayjs());\n",
    },
    'npx --no-install vite build',
    NM2,
  ],
  [
    'node-test-fail',
    'test',
    {
      'package.json': PKG,
      'test/sum.test.js':
        "import test from 'node:test';\nimport assert from 'node:assert/strict';\ntest('sums', () => { assert.equal(1 + 1, 3); });\n",
    },
    'node --test',
    '',
  ],
  [
    'mocha-assert',
    'test',
    {
      'package.json': PKG,
      'test/a.spec.js':
        "import assert from 'node:assert';\ndescribe('cart', () => { it('totals', () => { assert.strictEqual(2 + 2, 5); }); });\n",
    },
    'npx --no-install mocha',
    NM2,
  ],
  [
    'tsc-ts2339',
    'type',
    {
      'package.json': PKG,
      'tsconfig.json':
        '{"compilerOptions":{"strict":true,"noEmit":true,"target":"es2020"},"include":["src"]}',
      'src/a.ts': 'const o = { a: 1 };\nexport const b = o.bb;\n',
    },
    'npx --no-install tsc -p .',
    NM2,
  ],
  [
    'eslint-parsing-error',
    'syntax',
    {
      'package.json': PKG,
      'eslint.config.js': 'export default [{ rules: { semi: "error" } }];\n',
      'src/a.js': 'const a = ;\n',
    },
    'npx --no-install eslint src',
    NM2,
  ],
  [
    'npm-missing-script',
    'config',
    { 'package.json': '{"name":"shop","version":"1.0.0","scripts":{"test":"node --test"}}' },
    'npm run lint',
    '',
  ],
  [
    'esbuild-ts-syntax',
    'syntax',
    { 'package.json': PKG, 'src/a.ts': 'export function f(x: number {\n  return x;\n}\n' },
    'npx --no-install esbuild src/a.ts --bundle --outfile=/tmp/jprobe/out.js',
    NM2,
  ],
  [
    'jest-ts-no-transform',
    'config',
    {
      'package.json': '{"name":"shop","version":"1.0.0"}',
      'src/a.test.ts': "const n: number = 1;\ntest('a', () => { expect(n).toBe(1); });\n",
    },
    'npx --no-install jest --ci',
    NM2,
  ],
  [
    'py-unittest-fail',
    'test',
    {
      'tests/__init__.py': '',
      'tests/test_cart.py':
        'import unittest\n\nclass T(unittest.TestCase):\n    def test_total(self):\n        self.assertEqual(1 + 1, 3)\n',
    },
    `${PY3} -m unittest discover -v`,
    '',
  ],
  [
    'pytest-fixture-missing',
    'test',
    { 'tests/test_db.py': 'def test_rows(db):\n    assert db\n' },
    `${PY3} -m pytest -q -p no:cacheprovider`,
    '',
  ],
  [
    'flake8-e501',
    'lint',
    { 'a.py': 'x = 1\nvery_long_name = "' + 'a'.repeat(90) + '"\n' },
    `${PY3} -m flake8 a.py`,
    '',
  ],
  [
    'pylint-errors',
    'lint',
    { 'shop.py': '"""Shop."""\n\n\ndef total(items):\n    """Total."""\n    return sum(i for i in itemz)\n' },
    `${PY3} -m pylint shop.py`,
    '',
  ],
  [
    'isort-check',
    'format',
    { 'a.py': 'import sys\nimport os\n\nprint(os, sys)\n' },
    `${PY3} -m isort --check-only --diff a.py`,
    '',
  ],
  [
    'pytest-conftest-import',
    'dependency',
    { 'tests/conftest.py': 'import factory_boy\n', 'tests/test_a.py': 'def test_a():\n    assert True\n' },
    `${PY3} -m pytest -q -p no:cacheprovider`,
    '',
  ],
  [
    'pip-no-index-missing',
    'dependency',
    { 'requirements.txt': 'fastapi==0.110.0\n' },
    `${PY3} -m venv /tmp/jprobe/venv && /tmp/jprobe/venv/bin/pip install --no-index -r requirements.txt`,
    '',
  ],
];
const EVERYDAY_PYTHON = ['py', 'flake8', 'pylint', 'isort', 'pip'];
const EVERYDAY_LABELS: Record<string, [ev: CorpusCase['ev'], locs: Loc[] | null, pattern: string | null]> = {
  'vite-build-syntax': [[/PARSE_ERROR/, /expected/], [['src/main.js', 3, 5]], null],
  'vite-build-missing-package': [/failed to resolve import "dayjs"/, [], 'import-not-found'],
  'node-test-fail': [[/^not ok 1/, /location:/], [['test/sum.test.js', 3, 1]], 'test-failure'],
  'mocha-assert': [[/1 failing/, /AssertionError|expected/], null, 'test-failure'],
  'tsc-ts2339': [/error TS2339/, [['src/a.ts', 2, 20]], 'type-error'],
  'eslint-parsing-error': [/Parsing error/, [['src/a.js', 1, 11]], 'syntax-error'],
  'npm-missing-script': [/Missing script/, [['package.json', 1, null]], 'missing-script'],
  'esbuild-ts-syntax': [[/\[ERROR\]/, /src\/a.ts:1:28/], [['src/a.ts', 1, 28]], 'syntax-error'],
  'jest-ts-no-transform': [
    [/Jest encountered an unexpected token/, /SyntaxError/],
    [['src/a.test.ts', 1, 7]],
    'config-error',
  ],
  'py-unittest-fail': [
    [/^FAIL: test_total/, /AssertionError/],
    [['tests/test_cart.py', 5, null]],
    'test-failure',
  ],
  'pytest-fixture-missing': [
    [/ERROR at setup of test_rows/, /fixture 'db' not found/],
    [['tests/test_db.py', 1, null]],
    'test-failure',
  ],
  'flake8-e501': [/E501/, [['a.py', 2, 80]], 'lint-error'],
  'pylint-errors': [
    /^shop\.py:\d+/,
    [
      ['shop.py', 6, 26],
      ['shop.py', 4, 10],
    ],
    'lint-error',
  ],
  'isort-check': [/Imports are incorrectly sorted/, [['a.py', 1, null]], 'format-error'],
  'pytest-conftest-import': [
    [/ImportError while loading conftest/, /ModuleNotFoundError/],
    [['tests/conftest.py', 1, null]],
    'import-not-found',
  ],
  'pip-no-index-missing': [/Could not find a version|No matching distribution/, [], 'dependency-unresolved'],
};
export const CASES: CorpusCase[] = [];
for (const [id, category, files, cmd, pre] of EVERYDAY) {
  const [ev, locs, pattern] = EVERYDAY_LABELS[id]!;
  CASES.push({
    id: `steps/everyday-${id}`,
    tool: cmd.startsWith('npx') ? cmd.split(/\s+/)[2]! : cmd.split(/\s+/)[0]!.split('/').at(-1)!,
    cmd,
    eco: EVERYDAY_PYTHON.some((p) => id.startsWith(p)) ? 'python' : 'js',
    wrapper: 'github-actions',
    files,
    ...(pre ? { pre } : {}),
    env: { HOME: '/root', CI: 'true' },
    pattern,
    category,
    ev,
    locs: locs ?? [],
    ...(locs === null
      ? {
          locre:
            /\((?:file:\/\/)?(?:\/home\/runner\/work\/app\/app\/)?(?<f>test\/[\w.]+):(?<l>\d+):(?<c>\d+)\)/,
        }
      : {}),
  });
}
