// The first batch's python cases (dev; those with `held: true` are held out: never tune on them).
import type { CorpusCase } from '../../generator/corpus-case.js';

type Files = Record<string, string>;

const PY = '/usr/bin/python3';
const PT = `${PY} -m pytest -p no:cacheprovider`;
const CALC = {
  'app/__init__.py': '',
  'app/calc.py': 'def add(a, b):\n    return a - b\n\n\ndef div(a, b):\n    return a / b\n',
};
const PYLOC = /^(?<f>[\w/.-]+\.py):(?<l>\d+):(?<c>\d+): /;

function pt(
  id: string,
  tests: Files,
  {
    pattern = 'test-failure',
    category = 'test',
    ev = [/^_{3,} /, /^(FAILED|ERROR) /],
    extra,
    cmd,
    ...kw
  }: Partial<CorpusCase> & { extra?: Files } = {},
): CorpusCase {
  return {
    id,
    tool: 'pytest 7.2.1 (Debian python3 3.11.2)',
    cmd: cmd || `${PT} tests`,
    files: { ...CALC, ...tests, ...(extra || {}) },
    pattern,
    category,
    ev,
    ...kw,
  };
}

export const CASES: CorpusCase[] = [
  pt(
    'python/pytest-two-failures',
    {
      'tests/test_calc.py':
        'from app.calc import add, div\n\n\ndef test_add():\n    assert add(2, 3) == 5\n\n\ndef test_div():\n    assert div(6, 3) == 2\n\n\ndef test_add_neg():\n    assert add(-1, -1) == -2\n',
    },
    {
      locs: [
        ['tests/test_calc.py', 5, null],
        ['tests/test_calc.py', 13, null],
      ],
      wrapper: 'ci',
    },
  ),
  pt(
    'python/pytest-typeerror-in-traceback',
    {
      'tests/test_fmt.py':
        'def label(n):\n    return "item " + n\n\n\ndef test_label():\n    assert label(3) == "item 3"\n',
    },
    {
      locs: [['tests/test_fmt.py', 2, null]],
      wrapper: 'ci',
      note: 'trap: a TypeError inside a failing test is a test failure, not a type-check failure',
    },
  ),
  pt(
    'python/pytest-tls-connect-names-pass',
    {
      'tests/test_net.py':
        'import pytest\nfrom app.calc import add\n\n\n@pytest.mark.parametrize("host", ["a", "b"])\ndef test_tls_connect_refused_is_retried(host):\n    assert host\n\n\ndef test_connection_timeout_handling():\n    assert True\n\n\ndef test_add_totals():\n    assert add(10, 5) == 15\n',
    },
    {
      cmd: `${PT} -v --durations=3 tests`,
      locs: [['tests/test_net.py', 15, null]],
      wrapper: 'ci',
      note: 'trap: passing tests named tls_connect/connection_timeout and per-test durations; the cause is one assertion',
    },
  ),
  pt(
    'python/pytest-oom-words-in-log',
    {
      'tests/test_cache.py':
        'import logging\nfrom app.calc import div\n\nlog = logging.getLogger("cache")\n\n\ndef test_cache_size():\n    log.warning("cache size 2GB could result in out of memory errors on small runners")\n    assert div(1, 0) == 0\n',
    },
    {
      locs: [['app/calc.py', 6, null]],
      wrapper: 'raw',
      note: 'trap: captured application log text says "out of memory"; the failure is a ZeroDivisionError in a test',
    },
  ),
  pt(
    'python/pytest-fixture-not-found',
    { 'tests/test_db.py': 'def test_query(db_session):\n    assert db_session\n' },
    {
      ev: [/^_{3,} |file .*test_db.py/, /fixture 'db_session' not found|^ERROR /],
      locs: [['tests/test_db.py', 1, null]],
      wrapper: 'ci',
      note: 'a missing fixture: the test cannot run; a person calls it a test (setup) error',
    },
  ),
  pt(
    'python/pytest-collection-syntax-error',
    { 'tests/test_bad.py': 'def test_x():\n    assert (1 +\n' },
    {
      pattern: 'syntax-error',
      category: 'syntax',
      ev: [/^_{3,} ERROR collecting|SyntaxError/, /SyntaxError/],
      locs: [['tests/test_bad.py', 2, null]],
      wrapper: 'raw',
    },
  ),
  pt(
    'python/pytest-attribute-error',
    { 'tests/test_api.py': 'from app import calc\n\n\ndef test_mul():\n    assert calc.mul(2, 3) == 6\n' },
    {
      locs: [['tests/test_api.py', 5, null]],
      wrapper: 'ci',
      held: true,
      note: 'AttributeError inside a failing test: a test failure',
    },
  ),
  pt(
    'python/pytest-import-error-name',
    {
      'tests/test_imp.py':
        'from app.calc import multiply\n\n\ndef test_m():\n    assert multiply(2, 2) == 4\n',
    },
    {
      pattern: 'import-not-found',
      category: 'dependency',
      ev: [/ERROR collecting|ImportError/, /ImportError: cannot import name/],
      locs: [['tests/test_imp.py', 1, null]],
      wrapper: 'ci',
      held: true,
      note: 'importing a name the module does not define; a person says broken import. dependency (import-not-found) by the catalogue; build is arguable',
    },
  ),
  pt(
    'python/pytest-xfail-strict',
    {
      'tests/test_x.py':
        'import pytest\n\n\n@pytest.mark.xfail(strict=True)\ndef test_known_bug():\n    assert True\n',
    },
    { ev: /XPASS\(strict\)|FAILED/, wrapper: 'raw' },
  ),
  {
    id: 'python/pytest-green',
    tool: 'pytest 7.2.1',
    cmd: `${PT} -v tests`,
    files: {
      ...CALC,
      'tests/test_ok.py':
        'def test_error_handling_returns_none():\n    assert None is None\n\n\ndef test_timeout_is_configurable():\n    assert 30 > 0\n',
    },
    pattern: null,
    category: 'unknown',
    wrapper: 'raw',
    note: 'green run: error/timeout in test names only',
  },
];
const UT = `${PY} -m unittest`;

CASES.push(
  {
    id: 'python/unittest-failure',
    tool: 'python3 3.11.2 unittest',
    cmd: `${UT} discover -s tests -v`,
    files: {
      ...CALC,
      'tests/__init__.py': '',
      'tests/test_calc.py':
        'import unittest\nfrom app.calc import add\n\n\nclass CalcTest(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(add(2, 3), 5)\n\n    def test_zero(self):\n        self.assertEqual(add(0, 0), 0)\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^FAIL: /, /AssertionError/],
    locs: [['tests/test_calc.py', 7, null]],
    wrapper: 'ci',
  },
  {
    id: 'python/unittest-errors-summary',
    tool: 'python3 3.11.2 unittest',
    cmd: `${UT} discover -s tests`,
    files: {
      ...CALC,
      'tests/__init__.py': '',
      'tests/test_io.py':
        'import unittest\n\n\nclass IoTest(unittest.TestCase):\n    def test_read(self):\n        with open("missing.json") as f:\n            self.assertTrue(f.read())\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^ERROR: /, /FileNotFoundError/],
    locs: [['tests/test_io.py', 6, null]],
    wrapper: 'raw',
    note: 'unittest ends with FAILED (errors=1): a test errored (FileNotFoundError inside the test); a test failure, not a permission/disk issue',
  },
  {
    id: 'python/unittest-import-error',
    tool: 'python3 3.11.2 unittest',
    cmd: `${UT} discover -s tests`,
    files: {
      ...CALC,
      'tests/__init__.py': '',
      'tests/test_net.py':
        'import unittest\nimport responses\n\n\nclass T(unittest.TestCase):\n    def test_x(self):\n        pass\n',
    },
    pattern: 'import-not-found',
    category: 'dependency',
    ev: [/^ERROR: /, /ModuleNotFoundError/],
    locs: [['tests/test_net.py', 2, null]],
    wrapper: 'ci',
  },
  {
    id: 'python/unittest-assert-raises',
    tool: 'python3 3.11.2 unittest',
    cmd: `${UT} discover -s tests`,
    files: {
      ...CALC,
      'tests/__init__.py': '',
      'tests/test_div.py':
        'import unittest\nfrom app.calc import div\n\n\nclass DivTest(unittest.TestCase):\n    def test_div_zero(self):\n        with self.assertRaises(ValueError):\n            div(1, 0)\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^ERROR: /, /ZeroDivisionError/],
    locs: [['tests/test_div.py', 8, null]],
    wrapper: 'ci',
    held: true,
  },
);

CASES.push(
  {
    id: 'python/flake8-errors',
    tool: 'flake8 5.0.4',
    cmd: `${PY} -m flake8 app`,
    files: {
      'app/__init__.py': '',
      'app/views.py': 'import json, re\n\ndef render(x):\n    y=1\n    return x\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: PYLOC,
    locre: new RegExp(PYLOC.source + String.raw`[EFWC]\d+`),
    wrapper: 'ci',
  },
  {
    id: 'python/flake8-undefined-name',
    tool: 'flake8 5.0.4',
    cmd: `${PY} -m flake8 --select=F app`,
    files: {
      'app/__init__.py': '',
      'app/models.py': 'def total(items):\n    return sum(i.price for i in itemz)\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: PYLOC,
    locre: new RegExp(PYLOC.source + String.raw`F\d+`),
    wrapper: 'raw',
    held: true,
  },
  {
    id: 'python/pyflakes',
    tool: 'pyflakes 2.5.0',
    cmd: `${PY} -m pyflakes app`,
    files: {
      'app/__init__.py': '',
      'app/util.py': 'import os\nimport sys\n\n\ndef f():\n    return undefined_thing\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: /^app\//,
    locre: /^(?<f>app\/\S+\.py):(?<l>\d+):(?<c>\d+):? /,
    wrapper: 'ci',
    note: 'pyflakes: file:line:col message, no code',
  },
  {
    id: 'python/pylint-errors',
    tool: 'pylint 2.16.2',
    cmd: `${PY} -m pylint --disable=C,R app`,
    files: {
      'app/__init__.py': '',
      'app/svc.py': 'import os\n\n\ndef handler(event):\n    result = event.get("x")\n    return reslt\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: /^app\/svc.py:\d+/,
    locre: /^(?<f>app\/\S+\.py):(?<l>\d+):\d+: [EWF]\d+/,
    note: 'pylint columns are 0-based: labelled without a column',
    wrapper: 'ci',
  },
  {
    id: 'python/pylint-score',
    tool: 'pylint 2.16.2',
    cmd: `${PY} -m pylint --fail-under=9 app`,
    files: { 'app/__init__.py': '', 'app/a.py': 'def f(X):\n    l = [1]\n    return l\n' },
    pattern: 'lint-error',
    category: 'lint',
    ev: /^app\/a.py:\d+|rated at/,
    locre: /^(?<f>app\/\S+\.py):(?<l>\d+):\d+: [CRWEF]\d+/,
    wrapper: 'raw',
    held: true,
  },
  {
    id: 'python/black-would-reformat',
    tool: 'black 23.1.0',
    cmd: '/usr/bin/black --check app',
    files: { 'app/__init__.py': '', 'app/fmt.py': 'def f(a,b):\n  return {"a":a,"b":b}\n' },
    pattern: 'format-error',
    category: 'format',
    ev: /would reformat|would be reformatted/,
    locs: [['app/fmt.py', 1, null]],
    wrapper: 'ci',
  },
  {
    id: 'python/black-diff',
    tool: 'black 23.1.0',
    cmd: '/usr/bin/black --check --diff app',
    files: { 'app/__init__.py': '', 'app/fmt.py': 'x = [1,2,\n  3]\n' },
    pattern: 'format-error',
    category: 'format',
    ev: [/^---/, /would be reformatted/],
    locs: [['app/fmt.py', 1, null]],
    wrapper: 'raw',
  },
  {
    id: 'python/isort-check',
    tool: 'isort 5.6.4',
    cmd: `${PY} -m isort --check-only --diff app`,
    files: { 'app/__init__.py': '', 'app/imp.py': 'import sys\nimport os\n' },
    pattern: 'format-error',
    category: 'format',
    ev: /ERROR:.*Imports are incorrectly sorted/,
    locs: [['app/imp.py', 1, null]],
    wrapper: 'ci',
  },
  {
    id: 'python/mypy-arg-type',
    tool: 'mypy 1.0.1',
    cmd: `${PY} -m mypy app`,
    files: {
      'app/__init__.py': '',
      'app/m.py':
        'def greet(name: str) -> str:\n    return "hi " + name\n\n\ngreet(42)\n\nx: int = greet("a")\n',
    },
    pattern: 'type-error',
    category: 'type',
    ev: /error:|Found \d+ error/,
    locre: /^(?<f>app\/\S+\.py):(?<l>\d+): error:/,
    wrapper: 'ci',
  },
  {
    id: 'python/mypy-missing-stubs',
    tool: 'mypy 1.0.1',
    cmd: `${PY} -m mypy app`,
    files: {
      'app/__init__.py': '',
      'app/n.py': 'import yaml_nonexistent_pkg\n\nprint(yaml_nonexistent_pkg)\n',
    },
    pattern: 'import-not-found',
    category: 'dependency',
    ev: /error:/,
    locre: /^(?<f>app\/\S+\.py):(?<l>\d+): error:/,
    wrapper: 'raw',
    note: 'mypy cannot find the module: a missing dependency, though the tool is a type checker',
  },
  {
    id: 'python/mypy-optional',
    tool: 'mypy 1.0.1',
    cmd: `${PY} -m mypy --strict app`,
    files: {
      'app/__init__.py': '',
      'app/o.py':
        'from typing import Optional\n\n\ndef first(xs: list[int]) -> Optional[int]:\n    return xs[0] if xs else None\n\n\ndef double(xs: list[int]) -> int:\n    return first(xs) * 2\n',
    },
    pattern: 'type-error',
    category: 'type',
    ev: /error:/,
    locre: /^(?<f>app\/\S+\.py):(?<l>\d+): error:/,
    wrapper: 'ci',
    held: true,
  },
  {
    id: 'python/syntax-error-run',
    tool: 'python3 3.11.2',
    cmd: `${PY} app/main.py`,
    files: { 'app/main.py': 'import sys\n\nif len(sys.argv) > 1\n    print(sys.argv[1])\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: /File |SyntaxError/,
    locs: [['app/main.py', 3, null]],
    wrapper: 'ci',
  },
  {
    id: 'python/module-not-found-run',
    tool: 'python3 3.11.2',
    cmd: `${PY} -m app.cli`,
    files: { 'app/__init__.py': '', 'app/cli.py': 'import click_nonexistent\n\nclick_nonexistent.run()\n' },
    pattern: 'import-not-found',
    category: 'dependency',
    ev: /ModuleNotFoundError|File .*cli.py/,
    locs: [['app/cli.py', 1, null]],
    wrapper: 'raw',
  },
  {
    id: 'python/uncaught-keyerror',
    tool: 'python3 3.11.2',
    cmd: `${PY} scripts/release.py`,
    files: {
      'scripts/release.py':
        'import os\n\n\ndef main():\n    version = os.environ["RELEASE_VERSION"]\n    print(version)\n\n\nmain()\n',
    },
    pattern: 'config-error',
    category: 'config',
    ev: /File .*release.py", line 5|KeyError/,
    locs: [['scripts/release.py', 5, null]],
    wrapper: 'ci',
    note: 'a required environment variable is unset; config is what a person would say (the script crashed on KeyError)',
  },
  {
    id: 'python/memoryerror-ulimit',
    tool: 'python3 3.11.2',
    cmd: `ulimit -v 200000; ${PY} -c "x = bytearray(400 * 1024 * 1024)"`,
    pattern: 'out-of-memory',
    category: 'resource',
    ev: /MemoryError/,
    wrapper: 'ci',
  },
  {
    id: 'python/recursion-error',
    tool: 'python3 3.11.2',
    cmd: `${PY} app/walk.py`,
    files: { 'app/walk.py': 'def walk(n):\n    return walk(n + 1)\n\n\nwalk(0)\n' },
    pattern: null,
    category: 'build',
    ev: /RecursionError/,
    locs: [['app/walk.py', 2, null]],
    wrapper: 'raw',
    held: true,
    note: 'a program crash (RecursionError); no catalogue pattern fits, build is the closest category a person gives for "the code is broken"',
  },
);

CASES.push(
  {
    id: 'python/pip-no-matching-dist',
    tool: 'pip 23.0.1',
    cmd: `${PY} -m venv v && v/bin/pip install --index-url http://127.0.0.1:9/simple --retries 0 --timeout 2 requests==2.31.0`,
    pattern: 'dependency-conflict',
    category: 'dependency',
    ev: /WARNING: Retrying|Could not find a version|No matching distribution/,
    wrapper: 'ci',
    note: 'the index is unreachable (connection refused), but with --retries 0 pip prints nothing about it: from the log a person says the dependency was not found',
  },
  {
    id: 'python/pip-401',
    tool: 'pip 23.0.1',
    cmd: `${PY} -m venv v && v/bin/pip install --index-url http://127.0.0.1:8790/401/simple --retries 0 flask`,
    pattern: 'auth-error',
    category: 'auth',
    ev: [/User for 127/, /EOFError/],
    wrapper: 'ci',
    env: { PIP_NO_INPUT: null },
    note: 'the index answers 401; pip asks for a user name on a closed stdin (as on CI) and dies with EOFError',
  },
  {
    id: 'python/pip-403',
    tool: 'pip 23.0.1',
    cmd: `${PY} -m venv v && v/bin/pip install --index-url http://127.0.0.1:8790/403/simple --retries 0 flask`,
    pattern: 'dependency-conflict',
    category: 'dependency',
    ev: /Could not find|No matching/,
    wrapper: 'raw',
    held: true,
    note: 'the index answered 403 but pip prints nothing of it: from the log a person can only say no distribution was found',
  },
  {
    id: 'python/pip-externally-managed',
    tool: 'pip 23.0.1',
    cmd: `${PY} -m pip install requests`,
    pattern: 'config-error',
    category: 'config',
    ev: [/externally-managed-environment/, /hint:|note:/],
    wrapper: 'ci',
    note: 'PEP 668: installing into the system Python; an environment/config problem',
  },
  {
    id: 'python/pip-requirements-conflict',
    tool: 'pip 23.0.1',
    cmd: `${PY} -m venv --system-site-packages v && v/bin/pip install --no-index -r requirements.txt`,
    files: { 'requirements.txt': 'pytest==7.2.1\npytest==6.0.0\n' },
    pattern: 'dependency-conflict',
    category: 'dependency',
    ev: /ERROR/,
    locs: [],
    wrapper: 'raw',
    note: 'two pins of the same package in requirements.txt',
  },
  {
    id: 'python/pip-bad-requirement-line',
    tool: 'pip 23.0.1',
    cmd: `${PY} -m venv v && v/bin/pip install --no-index -r requirements.txt`,
    files: { 'requirements.txt': 'flask>=2.0\nrequests=2.31.0\n' },
    pattern: 'config-error',
    category: 'config',
    ev: /ERROR|Invalid requirement|line 2/,
    locs: [['requirements.txt', 2, null]],
    wrapper: 'ci',
    held: true,
  },
  {
    id: 'python/tox-test-failure',
    tool: 'tox 3.28.0 + pytest 7.2.1',
    cmd: '/usr/bin/tox -e py311 --sitepackages',
    files: {
      ...CALC,
      'tox.ini':
        '[tox]\nskipsdist = true\n[testenv]\nsitepackages = true\ndeps =\ncommands = python -m pytest -p no:cacheprovider tests\n',
      'tests/test_c.py': 'from app.calc import add\n\n\ndef test_add():\n    assert add(1, 1) == 2\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^_{3,} test_add/, /^FAILED /],
    locs: [['tests/test_c.py', 5, null]],
    wrapper: 'ci',
    env: { PYTHONPATH: '.' },
  },
  {
    id: 'python/tox-missing-interpreter',
    tool: 'tox 3.28.0',
    cmd: '/usr/bin/tox -e py38',
    files: { 'tox.ini': '[tox]\nskipsdist = true\n[testenv]\ncommands = python -c "print(1)"\n' },
    pattern: 'config-error',
    category: 'config',
    ev: /InterpreterNotFound|ERROR/,
    wrapper: 'raw',
    note: 'the interpreter the env asks for is not installed on the runner',
  },
  {
    id: 'python/nox-session-failure',
    tool: 'nox 2022.11.21 + flake8',
    cmd: '/usr/bin/nox -s lint',
    files: {
      'noxfile.py':
        'import nox\n\n\n@nox.session(python=False)\ndef lint(session):\n    session.run("python3", "-m", "flake8", "app")\n',
      'app/__init__.py': '',
      'app/x.py': 'import os\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: PYLOC,
    locre: new RegExp(PYLOC.source + String.raw`[EFW]\d+`),
    wrapper: 'ci',
    held: true,
  },
  {
    id: 'python/poetry-lock-mismatch',
    tool: 'poetry 1.3.2',
    cmd: '/usr/bin/poetry install --no-root',
    files: {
      'pyproject.toml':
        '[tool.poetry]\nname = "app"\nversion = "0.1.0"\ndescription = ""\nauthors = ["A <a@example.com>"]\n\n[tool.poetry.dependencies]\npython = "^3.11"\nrequests = "^2.31"\n\n[build-system]\nrequires = ["poetry-core"]\nbuild-backend = "poetry.core.masonry.api"\n',
      'poetry.lock':
        '# This file is automatically @generated by Poetry and should not be changed by hand.\npackage = []\n\n[metadata]\nlock-version = "2.0"\npython-versions = "^3.11"\ncontent-hash = "0000000000000000000000000000000000000000000000000000000000000000"\n',
    },
    pattern: 'lockfile-mismatch',
    category: 'lockfile',
    ev: /lock file|poetry.lock|pyproject.toml changed/,
    wrapper: 'ci',
    timeout: 120,
  },
);

CASES.push(
  pt(
    'python/pytest-parametrize-one-fails',
    {
      'tests/test_p.py':
        'import pytest\nfrom app.calc import div\n\n\n@pytest.mark.parametrize("a,b,want", [(6, 3, 2), (1, 4, 0.25), (5, 0, 0)])\ndef test_div(a, b, want):\n    assert div(a, b) == want\n',
    },
    {
      locs: [['app/calc.py', 6, null]],
      wrapper: 'ci',
      held: true,
      note: 'ZeroDivisionError in one parametrized case: a test failure',
    },
  ),
  pt(
    'python/pytest-keyerror-in-test',
    { 'tests/test_k.py': 'def test_lookup():\n    cfg = {"host": "db"}\n    assert cfg["port"] == 5432\n' },
    { locs: [['tests/test_k.py', 3, null]], wrapper: 'raw', held: true },
  ),
  pt(
    'python/pytest-approx',
    {
      'tests/test_f.py':
        'import pytest\nfrom app.calc import add\n\n\ndef test_float():\n    assert add(0.1, 0.2) == pytest.approx(0.3)\n',
    },
    { locs: [['tests/test_f.py', 6, null]], wrapper: 'ci', held: true },
  ),
  pt(
    'python/pytest-raises-not-raised',
    {
      'tests/test_r.py':
        'import pytest\nfrom app.calc import add\n\n\ndef test_add_rejects_str():\n    with pytest.raises(TypeError):\n        add(1, 2)\n',
    },
    {
      locs: [['tests/test_r.py', 6, null]],
      wrapper: 'ci',
      note: 'Failed: DID NOT RAISE <class TypeError>: the word TypeError is the expectation, not the cause',
    },
  ),
  pt(
    'python/pytest-conftest-error',
    {
      'tests/conftest.py':
        'import pytest\n\n\n@pytest.fixture\ndef client():\n    raise RuntimeError("database url not set")\n',
      'tests/test_c.py': 'def test_get(client):\n    assert client\n',
    },
    {
      ev: [/^_{3,} ERROR at setup/, /RuntimeError|^ERROR /],
      locs: [['tests/conftest.py', 6, null]],
      wrapper: 'ci',
    },
  ),
  {
    id: 'python/flake8-max-line',
    tool: 'flake8 5.0.4',
    cmd: `${PY} -m flake8 --max-line-length 40 app`,
    files: {
      'app/__init__.py': '',
      'app/long.py':
        'def describe(order):\n    return f"order {order.id} for {order.customer} costs {order.total}"\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: PYLOC,
    locre: new RegExp(PYLOC.source + String.raw`[EFWC]\d+`),
    wrapper: 'raw',
    held: true,
  },
  {
    id: 'python/mypy-attr',
    tool: 'mypy 1.0.1',
    cmd: `${PY} -m mypy app`,
    files: {
      'app/__init__.py': '',
      'app/p.py': 'class User:\n    name: str = ""\n\n\ndef show(u: User) -> str:\n    return u.email\n',
    },
    pattern: 'type-error',
    category: 'type',
    ev: /error:/,
    locre: /^(?<f>app\/\S+\.py):(?<l>\d+): error:/,
    wrapper: 'ci',
    held: true,
  },
  {
    id: 'python/unittest-timeout-words-pass',
    tool: 'python3 3.11.2 unittest',
    cmd: `${UT} discover -s tests -v`,
    files: {
      ...CALC,
      'tests/__init__.py': '',
      'tests/test_t.py':
        'import unittest\nfrom app.calc import add\n\n\nclass T(unittest.TestCase):\n    def test_connect_timeout_is_30s(self):\n        self.assertEqual(30, 30)\n\n    def test_add(self):\n        self.assertEqual(add(1, 2), 3)\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^FAIL: /, /AssertionError/],
    locs: [['tests/test_t.py', 10, null]],
    wrapper: 'ci',
    held: true,
    note: 'trap: a passing test named connect_timeout',
  },
);

CASES.push(
  {
    id: 'python/pyflakes-redefinition',
    tool: 'pyflakes 2.5.0',
    cmd: `${PY} -m pyflakes app`,
    files: {
      'app/__init__.py': '',
      'app/r.py': 'import json\n\n\ndef load():\n    return 1\n\n\ndef load():\n    return 2\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: /^app\//,
    locre: /^(?<f>app\/\S+\.py):(?<l>\d+):(?<c>\d+):? /,
    wrapper: 'raw',
    held: true,
  },
  {
    id: 'python/black-parse-error',
    tool: 'black 23.1.0',
    cmd: '/usr/bin/black --check app',
    files: { 'app/__init__.py': '', 'app/bad.py': 'def f(:\n    pass\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: /error: cannot format|Cannot parse/,
    locs: [['app/bad.py', 1, null]],
    wrapper: 'ci',
  },
  pt(
    'python/pytest-setup-module-error',
    {
      'tests/test_s.py': 'import os\n\nDB = os.environ["DATABASE_URL"]\n\n\ndef test_db():\n    assert DB\n',
    },
    {
      pattern: 'config-error',
      category: 'config',
      ev: [/ERROR collecting/, /KeyError/],
      locs: [['tests/test_s.py', 3, null]],
      wrapper: 'ci',
      note: 'collection fails on a missing environment variable: config',
    },
  ),
);
