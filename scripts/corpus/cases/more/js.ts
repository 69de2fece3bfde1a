// The `more` dev batch: js cases (read and tune on them freely).
import type { CorpusCase } from '../../generator/corpus-case.js';

const NM = 'ln -s /tmp/cjs/node_modules node_modules';
const ESLINT_CFG =
  'import js from "@eslint/js";\nexport default [js.configs.recommended, {rules: {eqeqeq: "error", "no-unused-vars": "error"}}];\n';
const TSCONFIG =
  '{"compilerOptions": {"strict": true, "noEmit": true, "target": "es2022", "module": "nodenext"}, "include": ["src"]}\n';
const PKG =
  '{"name": "app", "version": "1.0.0", "private": true, "type": "module", "scripts": {"lint": "eslint src", "test": "jest", "build": "node scripts/build.mjs", "typecheck": "tsc -p ."}}\n';

export const CASES: CorpusCase[] = [
  {
    id: 'js/more-eslint-eqeqeq-unused',
    tool: 'eslint 9.39.5',
    cmd: 'npx eslint src',
    pre: NM,
    files: {
      'eslint.config.js': ESLINT_CFG,
      'package.json': PKG,
      'src/cart.js':
        'export function total(items) {\n  const tax = 2;\n  if (items == null) return 0;\n  return items.length;\n}\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/^\s+\d+:\d+\s+error/, /problems?/],
    locs: [
      ['src/cart.js', 2, 9],
      ['src/cart.js', 3, 13],
    ],
    wrapper: 'ci',
  },
  {
    id: 'js/more-eslint-parsing-error',
    tool: 'eslint 9.39.5',
    cmd: 'npx eslint src',
    pre: NM,
    files: {
      'eslint.config.js': ESLINT_CFG,
      'package.json': PKG,
      'src/bad.js': 'export function f() {\n  return {a: 1,, b: 2};\n}\n',
    },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: /Parsing error/,
    locre: /(?<f>src\/bad\.js)\n\s+(?<l>\d+):(?<c>\d+)/,
    wrapper: 'ci',
    note: 'eslint cannot parse the file: a syntax error',
  },
  {
    id: 'js/more-eslint-via-npm-ci',
    tool: 'eslint 9.39.5 via npm 11',
    cmd: 'npm run lint',
    pre: NM,
    files: {
      'eslint.config.js': ESLINT_CFG,
      'package.json': PKG,
      'src/x.js': 'export const a = () => undeclaredThing + 1;\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/^\s+\d+:\d+\s+error/, /problems?/],
    locs: [['src/x.js', 1, 24]],
    wrapper: 'ci',
  },
  {
    id: 'js/more-tsc-property-missing',
    tool: 'tsc 7.0.2',
    cmd: 'npx tsc -p .',
    pre: NM,
    files: {
      'tsconfig.json': TSCONFIG,
      'src/user.ts':
        'interface User { name: string }\nexport function greet(u: User): string {\n  return u.nmae;\n}\n',
    },
    pattern: 'type-error',
    category: 'type',
    ev: /error TS/,
    locre: /^(?<f>src\/\S+\.ts)[:(](?<l>\d+)[:,](?<c>\d+)/,
    wrapper: 'ci',
  },
  {
    id: 'js/more-tsc-syntax',
    tool: 'tsc 7.0.2',
    cmd: 'npx tsc -p .',
    pre: NM,
    files: { 'tsconfig.json': TSCONFIG, 'src/bad.ts': 'export function f(a: number {\n  return a;\n}\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: /error TS1\d\d\d/,
    locre: /^(?<f>src\/\S+\.ts)[:(](?<l>\d+)[:,](?<c>\d+)/,
    wrapper: 'ci',
    note: 'TS1005 and friends (TS1xxx) are parse errors: syntax',
  },
  {
    id: 'js/more-tsc-via-npm-run',
    tool: 'tsc 7.0.2 via npm 11',
    cmd: 'npm run typecheck',
    pre: NM,
    files: {
      'tsconfig.json': TSCONFIG,
      'package.json': PKG,
      'src/n.ts': 'export const n: number = "seven";\n',
    },
    pattern: 'type-error',
    category: 'type',
    ev: /error TS/,
    locre: /^(?<f>src\/\S+\.ts)[:(](?<l>\d+)[:,](?<c>\d+)/,
    wrapper: 'ci',
  },
  {
    id: 'js/more-jest-throw-expectation',
    tool: 'jest 30.5.2',
    cmd: 'npx jest --ci src',
    pre: NM,
    files: {
      'package.json': '{"name": "app", "version": "1.0.0"}\n',
      'src/parse.js': 'function parse(s) {\n  return JSON.parse(s);\n}\nmodule.exports = { parse };\n',
      'src/parse.test.js':
        "const { parse } = require('./parse');\n\ntest('parses', () => {\n  expect(parse('{\"a\":1}')).toEqual({ a: 2 });\n});\n\ntest('rejects', () => {\n  expect(() => parse('{}')).toThrow();\n});\n",
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/●.*parses/, /Tests:/],
    locs: [
      ['src/parse.test.js', 4, 28],
      ['src/parse.test.js', 8, 29],
    ],
    wrapper: 'ci',
  },
  {
    id: 'js/more-jest-cannot-find-module',
    tool: 'jest 30.5.2',
    cmd: 'npx jest --ci src',
    pre: NM,
    files: {
      'package.json': '{"name": "app", "version": "1.0.0"}\n',
      'src/a.test.js':
        "const { fmt } = require('./format');\n\ntest('fmt', () => {\n  expect(fmt(1)).toBe('1');\n});\n",
    },
    pattern: 'import-not-found',
    category: 'dependency',
    ev: [/Cannot find module/, /Cannot find module/],
    locs: [['src/a.test.js', 1, 17]],
    wrapper: 'ci',
  },
  {
    id: 'js/more-vitest-snapshot-mismatch',
    tool: 'vitest 4.1.12',
    cmd: 'npx vitest run src',
    pre: NM,
    files: {
      'package.json': '{"name": "app", "version": "1.0.0", "type": "module"}\n',
      'src/slug.js': 'export const slug = (s) => s.toLowerCase().replace(/ /g, "_");\n',
      'src/slug.test.js':
        "import { expect, test } from 'vitest';\nimport { slug } from './slug.js';\n\ntest('slug', () => {\n  expect(slug('Hello World')).toBe('hello-world');\n});\n",
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/FAIL /, /AssertionError|Expected|Received/],
    locs: [['src/slug.test.js', 5, 31]],
    wrapper: 'ci',
  },
  {
    id: 'js/more-vitest-syntax-in-test',
    tool: 'vitest 4.1.12',
    cmd: 'npx vitest run src',
    pre: NM,
    files: {
      'package.json': '{"name": "app", "version": "1.0.0", "type": "module"}\n',
      'src/b.test.js':
        "import { expect, test } from 'vitest';\n\ntest('b', () => {\n  expect(1).toBe(1;\n});\n",
    },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: [/FAIL /, /File: /],
    locs: [['src/b.test.js', 1, null]],
    wrapper: 'ci',
    note: 'the test file does not parse: a syntax error, not a failing test. vite names 1:0 (its import analysis), not the broken line 4: the label is what the tool printed',
  },
  {
    id: 'js/more-mocha-timeout',
    tool: 'mocha 12.0.3',
    cmd: 'npx mocha --timeout 200 test',
    pre: NM,
    files: {
      'package.json': '{"name": "app", "version": "1.0.0"}\n',
      'test/slow.test.js':
        "describe('queue', () => {\n  it('drains', (done) => {\n    setTimeout(done, 1000);\n  });\n});\n",
    },
    pattern: 'test-timeout',
    category: 'timeout',
    ev: [/failing/, /Timeout of/],
    locs: [],
    wrapper: 'ci',
    note: "a test exceeded mocha's per-test timeout: test-timeout, as the pinned logs label vitest, jest and go per-test timeouts",
  },
  {
    id: 'js/more-prettier-syntax-error',
    tool: 'prettier 3.10.1',
    cmd: 'npx prettier --check src',
    pre: NM,
    files: { 'src/ok.js': 'export const a = 1;\n', 'src/bad.js': 'export const b = {;\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: /\[error\]/,
    locs: [['src/bad.js', 1, 19]],
    wrapper: 'ci',
  },
  {
    id: 'js/more-prettier-several',
    tool: 'prettier 3.10.1',
    cmd: 'npx prettier --check .',
    pre: NM,
    files: { 'src/a.js': 'const a = {b:1}\n', 'src/c.ts': 'let x:number=1\n', 'README.md': '# t\n' },
    pattern: 'format-error',
    category: 'format',
    ev: [/^\[warn\] src/, /Code style issues/],
    locs: [
      ['src/a.js', 1, null],
      ['src/c.ts', 1, null],
    ],
    wrapper: 'ci',
  },
  {
    id: 'js/more-esbuild-syntax',
    tool: 'esbuild 0.28.2',
    cmd: 'npx esbuild src/main.js --bundle --outfile=dist/out.js',
    pre: NM,
    files: { 'src/main.js': 'const x = 1\nexport default function (a b) { return a; }\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: [/\[ERROR\]/, /\[ERROR\]/],
    locs: [['src/main.js', 2, 27]],
    wrapper: 'ci',
  },
  {
    id: 'js/more-node-test-runner',
    tool: 'node:test (node 20.20)',
    cmd: 'node --test test/',
    files: {
      'test/sum.test.mjs':
        "import test from 'node:test';\nimport assert from 'node:assert/strict';\n\ntest('sums', () => {\n  assert.equal(1 + 1, 3);\n});\n",
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/not ok|✖/, /AssertionError|expected/],
    locs: [['test/sum.test.mjs', 5, 10]],
    wrapper: 'ci',
  },
];
