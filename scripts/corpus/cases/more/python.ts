// The `more` dev batch: python cases (read and tune on them freely).
import type { CorpusCase } from '../../generator/corpus-case.js';

const PY = '/usr/bin/python3';
const RUFF = '/tmp/i12-venv/bin/ruff';

export const CASES: CorpusCase[] = [
  {
    id: 'python/more-pytest-parametrize',
    tool: 'pytest 7.2.1',
    cmd: `${PY} -m pytest -p no:cacheprovider -q tests`,
    files: {
      'tests/test_price.py': `
            import pytest

            def price(n):
                return n * 3

            @pytest.mark.parametrize("n,want", [(1, 3), (2, 6), (3, 10)])
            def test_price(n, want):
                assert price(n) == want
            `,
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^_+ test_price/, /^FAILED/],
    locs: [['tests/test_price.py', 8, null]],
    wrapper: 'ci',
  },
  {
    id: 'python/more-pytest-import-missing-module',
    tool: 'pytest 7.2.1',
    cmd: `${PY} -m pytest -p no:cacheprovider tests`,
    files: { 'tests/test_api.py': 'import requestz\n\ndef test_get():\n    assert requestz\n' },
    pattern: 'import-not-found',
    category: 'dependency',
    ev: [/ImportError while importing|^_+ ERROR collecting/, /No module named 'requestz'/],
    locs: [['tests/test_api.py', 1, null]],
    wrapper: 'ci',
  },
  {
    id: 'python/more-pytest-exception-in-code',
    tool: 'pytest 7.2.1',
    cmd: `${PY} -m pytest -p no:cacheprovider tests`,
    files: {
      'app/__init__.py': '',
      'app/parse.py': 'def parse(s):\n    return int(s)\n',
      'tests/__init__.py': '',
      'tests/test_parse.py':
        'from app.parse import parse\n\ndef test_parse():\n    assert parse("4x") == 4\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^_+ test_parse/, /ValueError/],
    locs: [['app/parse.py', 2, null]],
    wrapper: 'ci',
    note: 'a ValueError raised by the code under test: the test fails',
  },
  {
    id: 'python/more-unittest-fail-and-error',
    tool: 'python3 -m unittest',
    cmd: `${PY} -m unittest discover -s tests -v`,
    files: {
      'tests/test_cart.py': `
            import unittest

            class CartTest(unittest.TestCase):
                def test_total(self):
                    self.assertEqual(sum([1, 2]), 4)

                def test_empty(self):
                    self.assertEqual([].pop(), None)

                def test_ok(self):
                    self.assertTrue(True)
            `,
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^(ERROR|FAIL): test_/, /^FAILED \(/],
    locs: [
      ['tests/test_cart.py', 8, null],
      ['tests/test_cart.py', 5, null],
    ],
    wrapper: 'ci',
  },
  {
    id: 'python/more-mypy-return-and-attr',
    tool: 'mypy 1.0.1',
    cmd: `${PY} -m mypy --no-incremental --cache-dir=/dev/null app`,
    files: {
      'app/__init__.py': '',
      'app/users.py': `
            from typing import Optional

            class User:
                name: str = ""

            def find(uid: int) -> Optional[User]:
                return None

            def name_of(uid: int) -> str:
                return find(uid).name

            def count() -> int:
                return "3"
            `,
    },
    pattern: 'type-error',
    category: 'type',
    ev: [/: error:/, /Found \d+ error/],
    locre: /^(?<f>app\/\S+\.py):(?<l>\d+): error/,
    wrapper: 'ci',
  },
  {
    id: 'python/more-mypy-syntax',
    tool: 'mypy 1.0.1',
    cmd: `${PY} -m mypy --no-incremental --cache-dir=/dev/null app`,
    files: { 'app/__init__.py': '', 'app/bad.py': 'def f(x:\n    return x\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: /: error:/,
    locre: /^(?<f>app\/\S+\.py):(?<l>\d+): error/,
    wrapper: 'raw',
  },
  {
    id: 'python/more-flake8-syntax-e999',
    tool: 'flake8 5.0.4',
    cmd: `${PY} -m flake8 app`,
    files: { 'app/__init__.py': '', 'app/cfg.py': 'def load(:\n    pass\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: /E999/,
    locre: /^(?<f>app\/\S+\.py):(?<l>\d+):(?<c>\d+): E999/,
    wrapper: 'ci',
    note: 'flake8 reports the file does not parse (E999): a syntax error, not a style finding',
  },
  {
    id: 'python/more-flake8-via-tox',
    tool: 'tox + flake8',
    cmd: `${PY} -m tox -e lint`,
    files: {
      'tox.ini':
        '[tox]\nskipsdist = true\n[testenv:lint]\nsitepackages = true\nallowlist_externals = *\ncommands = {envpython} -m flake8 src\n',
      'src/mod.py': 'import os\ndef f( a ):\n    return a\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/src\/mod\.py:\d+:\d+: /, /src\/mod\.py:\d+:\d+: /],
    locre: /^(?<f>src\/\S+\.py):(?<l>\d+):(?<c>\d+): [EFW]\d/,
    wrapper: 'ci',
  },
  {
    id: 'python/more-pylint-no-member',
    tool: 'pylint (Debian)',
    cmd: 'pylint --disable=C,R --score=n app',
    files: {
      'app/__init__.py': '',
      'app/job.py': 'import math\n\n\ndef run():\n    return math.sqroot(4)\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: /E1101/,
    locs: [['app/job.py', 5, null]],
    wrapper: 'ci',
    note: 'pylint prints a 0-based column; the label keeps the line only',
  },
  {
    id: 'python/more-ruff-check',
    tool: 'ruff 0.16.9',
    cmd: `${RUFF} check --no-cache --output-format=full app`,
    files: {
      'app/__init__.py': '',
      'app/util.py':
        'import os\nimport sys\n\ndef f(x):\n    if x == None:\n        return undefined_name\n    return sys.argv\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/^[A-Z]+\d{3,4} /, /^Found \d+ error/],
    locre: /(?:^|--> )(?<f>app\/\S+\.py):(?<l>\d+):(?<c>\d+)/,
    wrapper: 'ci',
  },
  {
    id: 'python/more-ruff-concise',
    tool: 'ruff 0.16.9',
    cmd: `${RUFF} check --no-cache --output-format=concise app`,
    files: {
      'app/__init__.py': '',
      'app/views.py': 'import json\n\ndef view(r):\n    l = 1\n    return r\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: /^app\/\S+\.py:\d+:\d+: /,
    locre: /^(?<f>app\/\S+\.py):(?<l>\d+):(?<c>\d+): /,
    wrapper: 'raw',
  },
  {
    id: 'python/more-ruff-format-check',
    tool: 'ruff 0.16.9',
    cmd: `${RUFF} format --no-cache --check app`,
    files: { 'app/__init__.py': '', 'app/fmt.py': "x = {'a':1,\n  'b':2}\ndef f( y ):\n  return y\n" },
    pattern: 'format-error',
    category: 'format',
    ev: [/would be reformatted/, /would be reformatted/],
    locs: [['app/fmt.py', 1, null]],
    wrapper: 'ci',
  },
  {
    id: 'python/more-black-check-two',
    tool: 'black 23.1.0',
    cmd: `${PY} -m black --check src`,
    files: { 'src/a.py': 'x=1\n', 'src/b.py': 'def f( ):\n  pass\n', 'src/c.py': 'y = 2\n' },
    pattern: 'format-error',
    category: 'format',
    ev: /would reformat/,
    locs: [
      ['src/a.py', 1, null],
      ['src/b.py', 1, null],
    ],
    wrapper: 'ci',
  },
  {
    id: 'python/more-isort-diff',
    tool: 'isort',
    cmd: `${PY} -m isort --check-only --diff src`,
    files: { 'src/m.py': 'import sys\nimport os\n\nprint(os, sys)\n' },
    pattern: 'format-error',
    category: 'format',
    ev: /ERROR: .* Imports are incorrectly sorted/,
    locs: [['src/m.py', 1, null]],
    wrapper: 'ci',
  },
  {
    id: 'python/more-indentation-error',
    tool: 'python3 3.11',
    cmd: `${PY} scripts/build.py`,
    files: { 'scripts/build.py': 'def main():\n    x = 1\n      y = 2\n    return x\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: [/File ".*build\.py", line 3/, /IndentationError/],
    locs: [['scripts/build.py', 3, null]],
    wrapper: 'ci',
  },
  {
    id: 'python/more-attributeerror-script',
    tool: 'python3 3.11',
    cmd: `${PY} scripts/release.py`,
    files: {
      'scripts/release.py':
        'import json\n\ndef main():\n    cfg = json.loads("{}")\n    return cfg.version\n\nmain()\n',
    },
    pattern: null,
    category: 'build',
    ev: [/^Traceback/, /AttributeError/],
    locs: [['scripts/release.py', 5, null]],
    wrapper: 'ci',
    note: 'a release script crashes with an AttributeError (a bug in the script, no tool or check): build. Location: the innermost frame, as the first batch labels tracebacks',
  },
  {
    id: 'python/more-pip-bad-requirement',
    tool: 'pip 23.0.1',
    cmd: `${PY} -m venv /tmp/i12-v2 >/dev/null 2>&1; /tmp/i12-v2/bin/pip install --no-index -r requirements.txt`,
    files: { 'requirements.txt': 'requests>=2.0\nflask=1.0\n' },
    pattern: null,
    category: 'config',
    ev: /ERROR: Invalid requirement/,
    locs: [['requirements.txt', 2, null]],
    wrapper: 'ci',
    note: 'the requirements file does not parse: config (the file is wrong, no package is missing)',
  },
  {
    id: 'python/more-pip-no-index-missing',
    tool: 'pip 23.0.1',
    cmd: `${PY} -m venv /tmp/i12-v3 >/dev/null 2>&1; /tmp/i12-v3/bin/pip install --no-index -r requirements.txt`,
    files: { 'requirements.txt': 'requests>=2.31\n' },
    pattern: 'dependency-conflict',
    category: 'dependency',
    ev: [/ERROR: Could not find a version/, /ERROR: No matching distribution/],
    wrapper: 'ci',
  },
  {
    id: 'python/more-nox-session-fail',
    tool: 'nox',
    cmd: `${PY} -m nox -s tests`,
    files: {
      'noxfile.py':
        'import nox\n\n@nox.session(python=False)\ndef tests(session):\n    session.run("python3", "-m", "pytest", "-p", "no:cacheprovider", "-q", "tests")\n',
      'tests/test_x.py': 'def test_x():\n    assert 1 + 1 == 3\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^_+ test_x/, /^FAILED/],
    locs: [['tests/test_x.py', 2, null]],
    wrapper: 'ci',
  },
  {
    id: 'python/more-pytest-assert-dict',
    tool: 'pytest 7.2.1',
    cmd: `${PY} -m pytest -p no:cacheprovider -q -rN tests`,
    files: {
      'tests/test_cfg.py':
        'def test_cfg():\n    got = {"a": 1, "b": 2}\n    assert got == {"a": 1, "b": 3}\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^_+ test_cfg/, /AssertionError|^tests\/test_cfg\.py:\d+: Assert/],
    locs: [['tests/test_cfg.py', 3, null]],
    wrapper: 'raw',
  },
];
