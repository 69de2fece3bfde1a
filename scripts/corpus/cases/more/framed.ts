// The `more` dev batch: framed cases (read and tune on them freely).
import type { CorpusCase } from '../../generator/corpus-case.js';

// A fourth batch, in CI framings: failing checks whose output carries words of other failures
// (network, permission, timeout words in test output; warnings; consequences), labelled before scoring.
const NM = 'ln -s /tmp/cjs/node_modules node_modules';
const PY = '/usr/bin/python3';
const GO = {
  GOPROXY: 'off',
  GOFLAGS: '-mod=mod',
  GOCACHE: '/tmp/i12-gocache',
  HOME: '/root',
  GOPATH: '/tmp/i12-gopath',
};
const RS = { CARGO_NET_OFFLINE: 'true', CARGO_TARGET_DIR: '/tmp/i12-target', CARGO_TERM_COLOR: 'never' };
const ESLINT_CFG =
  'import js from "@eslint/js";\nexport default [js.configs.recommended, {rules: {"no-console": "warn", "no-unused-vars": "warn"}}];\n';

export const CASES: CorpusCase[] = [
  {
    id: 'framed/eslint-max-warnings',
    tool: 'eslint 9.39.5',
    cmd: 'npx eslint --max-warnings 0 src',
    pre: NM,
    eco: 'js',
    wrapper: 'ci',
    files: {
      'eslint.config.js': ESLINT_CFG,
      'package.json': '{"name": "app", "type": "module"}\n',
      'src/a.js': 'export function f() {\n  const x = 1;\n  console.log("hi");\n}\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/^\s+\d+:\d+\s+(?:warning|error)/, /problems?/],
    locs: [
      ['src/a.js', 2, 9],
      ['src/a.js', 3, 3],
    ],
    note: 'an error (no-undef: the config declares no globals) beside warnings: lint',
  },
  {
    id: 'framed/jest-log-mentions-econnrefused',
    tool: 'jest 30.5.2',
    cmd: 'npx jest --ci src',
    pre: NM,
    eco: 'js',
    wrapper: 'ci',
    files: {
      'package.json': '{"name": "app"}\n',
      'src/retry.js':
        'module.exports = async function retry(fn, n) {\n  for (let i = 0; i < n; i++) {\n    try { return await fn(); } catch (e) { console.error(`attempt ${i + 1}: ${e.message}`); }\n  }\n  return null;\n};\n',
      'src/retry.test.js':
        "const retry = require('./retry');\n\ntest('gives up after n attempts', async () => {\n  const fail = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));\n  expect(await retry(fail, 2)).toBe('gave up');\n});\n",
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/● gives up/, /Tests:/],
    locs: [['src/retry.test.js', 5, 32]],
    note: 'trap: the code under test logs ECONNREFUSED; the failure is the assertion',
  },
  {
    id: 'framed/pytest-output-permission-words',
    tool: 'pytest 7.2.1',
    cmd: `${PY} -m pytest -p no:cacheprovider tests`,
    eco: 'python',
    wrapper: 'ci',
    files: {
      'tests/test_perm.py':
        'def check(path):\n    print(f"open {path}: Permission denied, retrying as root")\n    return False\n\ndef test_check():\n    assert check("/etc/app.conf")\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^_+ test_check/, /^FAILED/],
    locs: [['tests/test_perm.py', 6, null]],
    note: 'trap: captured stdout says Permission denied; the failure is the assertion',
  },
  {
    id: 'framed/go-test-log-timed-out',
    tool: 'go test (go 1.19)',
    cmd: 'go test ./...',
    env: GO,
    eco: 'go',
    wrapper: 'ci',
    files: {
      'go.mod': 'module example.com/shop\n\ngo 1.19\n',
      'w.go': 'package shop\n\nfunc Wait() bool { return false }\n',
      'w_test.go':
        'package shop\n\nimport "testing"\n\nfunc TestWait(t *testing.T) {\n\tif !Wait() {\n\t\tt.Errorf("worker timed out waiting for the queue")\n\t}\n}\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/--- FAIL/, /^FAIL\s/],
    locs: [['w_test.go', 7, null]],
    note: 'trap: the assertion message says timed out; the test failed, nothing timed out',
  },
  {
    id: 'framed/cargo-test-compile-error',
    tool: 'cargo test 1.95',
    cmd: 'cargo test',
    env: RS,
    eco: 'rust',
    wrapper: 'ci',
    files: {
      'Cargo.toml': '[package]\nname = "shop"\nversion = "0.1.0"\nedition = "2021"\n',
      'src/lib.rs':
        'pub fn add(a: i32, b: i32) -> i32 { a + b }\n\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn adds() {\n        assert_eq!(super::add(1, 2), expected);\n    }\n}\n',
    },
    pattern: 'build-error',
    category: 'build',
    ev: [/^error\[E0425\]/, /could not compile/],
    locs: [['src/lib.rs', 7, 38]],
    note: 'the tests do not compile: build',
  },
  {
    id: 'framed/npm-build-tsc',
    tool: 'tsc 7.0.2 via npm 11',
    cmd: 'npm run build',
    pre: NM,
    eco: 'js',
    wrapper: 'ci',
    files: {
      'package.json': '{"name": "app", "version": "1.0.0", "scripts": {"build": "tsc -p ."}}\n',
      'tsconfig.json':
        '{"compilerOptions": {"strict": true, "outDir": "dist", "target": "es2022", "module": "nodenext"}, "include": ["src"]}\n',
      'src/i.ts': 'export function len(s: string | undefined): number {\n  return s.length;\n}\n',
    },
    pattern: 'config-error',
    category: 'config',
    ev: [/error TS/, /Visit https/],
    locs: [['tsconfig.json', 1, 38]],
    note: 'tsc 7 rejects the tsconfig (TS5011, rootDir must be set) before checking any type: config',
  },
  {
    id: 'framed/python-calledprocesserror',
    tool: 'python3 3.11',
    cmd: `${PY} scripts/package.py`,
    eco: 'python',
    wrapper: 'ci',
    files: {
      'scripts/package.py':
        'import subprocess\n\nsubprocess.run(["tar", "czf", "dist/app.tgz", "build/"], check=True)\n',
    },
    pattern: null,
    category: 'build',
    ev: [/^tar: /, /CalledProcessError/],
    locs: [['scripts/package.py', 3, null]],
    note: 'the packaging script fails because tar failed (no build/ directory): build',
  },
  {
    id: 'framed/mypy-with-notes',
    tool: 'mypy 1.0.1',
    cmd: `${PY} -m mypy --no-incremental --cache-dir=/dev/null app`,
    eco: 'python',
    wrapper: 'ci',
    files: {
      'app/__init__.py': '',
      'app/q.py':
        'from typing import List\n\ndef first(xs: List[int]) -> int:\n    return xs[0]\n\nfirst(["a"])\nreveal_type(first)\n',
    },
    pattern: 'type-error',
    category: 'type',
    ev: [/: error:/, /Found \d+ error/],
    locre: /^(?<f>app\/\S+\.py):(?<l>\d+): error/,
  },
  {
    id: 'framed/eslint-missing-plugin',
    tool: 'eslint 9.39.5',
    cmd: 'npx eslint src',
    pre: NM,
    eco: 'js',
    wrapper: 'ci',
    files: {
      'eslint.config.js':
        'import react from "eslint-plugin-react";\nexport default [react.configs.flat.recommended];\n',
      'package.json': '{"name": "app", "type": "module"}\n',
      'src/a.js': 'export const a = 1;\n',
    },
    pattern: 'import-not-found',
    category: 'dependency',
    ev: [/Cannot find package/, /Cannot find package/],
    note: 'the eslint config imports a plugin that is not installed: dependency',
  },
  {
    id: 'framed/rspec-pending-and-failure',
    tool: 'rspec 3.12',
    cmd: 'rspec',
    eco: 'ruby',
    wrapper: 'ci',
    files: {
      'lib/cart.rb':
        'class Cart\n  def initialize = @items = []\n  def add(x) = @items << x\n  def size = @items.size + 1\nend\n',
      'spec/cart_spec.rb':
        'require_relative "../lib/cart"\n\nRSpec.describe Cart do\n  it "counts" do\n    c = Cart.new\n    c.add(1)\n    expect(c.size).to eq(1)\n  end\n\n  it "times out on huge carts" do\n    pending("not done")\n    raise "Timeout::Error"\n  end\nend\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/Failures:/, /rspec \.\/spec/],
    locs: [['spec/cart_spec.rb', 4, null]],
  },
  {
    id: 'framed/phpunit-deprecation-and-error',
    tool: 'phpunit 9.6',
    cmd: 'phpunit tests',
    eco: 'php',
    wrapper: 'ci',
    files: {
      'tests/DbTest.php':
        "<?php\nuse PHPUnit\\Framework\\TestCase;\n\nfinal class DbTest extends TestCase\n{\n    public function testConnect(): void\n    {\n        $this->assertSame('connected', connect_db('127.0.0.1'));\n    }\n}\n",
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/There was 1 error/, /^ERRORS!/],
    locs: [['tests/DbTest.php', 8, null]],
    note: 'the test calls a function that does not exist: the test errored, a test failure',
  },
  {
    id: 'framed/go-vet-then-build',
    tool: 'go vet (go 1.19)',
    cmd: 'go vet ./... && go build ./...',
    env: GO,
    eco: 'go',
    wrapper: 'ci',
    files: {
      'go.mod': 'module example.com/shop\n\ngo 1.19\n',
      'main.go': 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("total: %d", 3)\n}\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: /main\.go:\d+:\d+: /,
    locre: /^(?:\.\/)?(?<f>main\.go):(?<l>\d+):(?<c>\d+): /,
  },
  {
    id: 'framed/shellcheck-severity-error',
    tool: 'shellcheck 0.9',
    cmd: 'shellcheck -S error scripts/*.sh',
    eco: 'shell',
    wrapper: 'ci',
    files: { 'scripts/run.sh': '#!/bin/bash\nif [ $# -eq 0 ]\n  echo none\nfi\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: [/^In scripts/, /SC\d{4}/],
    locs: [
      ['scripts/run.sh', 2, null],
      ['scripts/run.sh', 4, null],
    ],
    note: 'shellcheck reports a parse error (the if has no then): syntax',
  },
];

CASES.push(
  {
    id: 'framed/jest-failing-name-connection-refused',
    tool: 'jest 30.5.2',
    cmd: 'npx jest --ci src',
    pre: NM,
    eco: 'js',
    wrapper: 'ci',
    files: {
      'package.json': '{"name": "app"}\n',
      'src/client.js': 'exports.backoff = (n) => n * 100;\n',
      'src/client.test.js':
        "const { backoff } = require('./client');\n\ntest('waits longer after the connection is refused twice', () => {\n  expect(backoff(2)).toBe(400);\n});\n",
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/● waits longer/, /Tests:/],
    locs: [['src/client.test.js', 4, 22]],
    note: "trap: the failing test's name says connection refused; the failure is the assertion",
  },
  {
    id: 'framed/pytest-failing-name-permission',
    tool: 'pytest 7.2.1',
    cmd: `${PY} -m pytest -p no:cacheprovider tests`,
    eco: 'python',
    wrapper: 'ci',
    files: {
      'tests/test_errors.py':
        'def message(code):\n    return {13: "denied"}.get(code, "?")\n\ndef test_permission_denied_message():\n    assert message(13) == "permission denied"\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^_+ test_permission/, /^FAILED/],
    locs: [['tests/test_errors.py', 5, null]],
    note: "trap: the failing test's name and its expected string say permission denied",
  },
  {
    id: 'framed/pytest-deprecation-warning-summary',
    tool: 'pytest 7.2.1',
    cmd: `${PY} -m pytest -p no:cacheprovider tests`,
    eco: 'python',
    wrapper: 'ci',
    files: {
      'tests/test_w.py':
        'import warnings\n\ndef old():\n    warnings.warn("old() is deprecated", DeprecationWarning)\n    return 1\n\ndef test_old():\n    assert old() == 2\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^_+ test_old/, /^FAILED/],
    locs: [['tests/test_w.py', 8, null]],
    note: 'the warnings summary names tests/test_w.py:4: DeprecationWarning, not an error location',
  },
);

CASES.push(
  {
    id: 'framed/jest-json-parse-in-test',
    tool: 'jest 30.5.2',
    cmd: 'npx jest --ci src',
    pre: NM,
    eco: 'js',
    wrapper: 'ci',
    files: {
      'package.json': '{"name": "app"}\n',
      'src/cfg.js': 'exports.load = (text) => JSON.parse(text);\n',
      'src/cfg.test.js':
        "const { load } = require('./cfg');\n\ntest('loads the defaults', () => {\n  expect(load('{\"port\": 80,}')).toEqual({ port: 80 });\n});\n",
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/● loads the defaults/, /Tests:/],
    locs: [
      ['src/cfg.js', 1, 31],
      ['src/cfg.test.js', 4, 10],
    ],
    note: 'trap: a SyntaxError from JSON.parse on test data; the source parses, the test fails',
  },
  {
    id: 'framed/bundle-exec-rake-test',
    tool: 'rake 13.0.6 + minitest 5.17',
    cmd: 'bundle exec rake',
    eco: 'ruby',
    wrapper: 'ci',
    files: {
      Gemfile: 'source "https://rubygems.org"\ngem "rake"\ngem "minitest"\n',
      'Gemfile.lock':
        'GEM\n  remote: https://rubygems.org/\n  specs:\n    minitest (5.17.0)\n    rake (13.0.6)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  minitest\n  rake\n\nBUNDLED WITH\n   2.3.15\n',
      Rakefile:
        'require "rake/testtask"\nRake::TestTask.new { |t| t.pattern = "test/*_test.rb" }\ntask default: :test\n',
      'test/sum_test.rb':
        'require "minitest/autorun"\n\nclass SumTest < Minitest::Test\n  def test_sum\n    assert_equal 4, 2 + 3\n  end\nend\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/Failure:/, /runs, .* failures/],
    locs: [['test/sum_test.rb', 5, null]],
  },
);
