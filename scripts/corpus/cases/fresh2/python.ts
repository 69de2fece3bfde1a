// HELD OUT (set `fresh2`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

// fresh2 python: pytest, mypy, flake8, black, isort, pylint, pip, tox, python.
const VER = 'python3 --version && python3 -m pytest --version';
const LIST = "python3 -m pip list 2>/dev/null | grep -i -E '^(pytest|mypy|black|flake8|pylint|isort) '";

export const CASES: CorpusCase[] = [
  {
    id: 'python/fresh2-pytest-tax-rounding',
    tool: 'pytest 7.2.1',
    cmd: 'python3 -m pytest -q tests',
    pattern: null,
    category: 'test',
    wrapper: 'github-actions',
    steps: [VER, '@pip', LIST],
    files: {
      'tax/__init__.py': '',
      'tax/calc.py': `
                from decimal import Decimal, ROUND_HALF_UP


                def vat(amount, rate):
                    return (Decimal(amount) * Decimal(rate)).quantize(Decimal("0.01"))


                def gross(amount, rate):
                    return Decimal(amount) + vat(amount, rate)
                `,
      'tests/test_calc.py': `
                import pytest
                from tax.calc import vat, gross


                def test_vat_simple():
                    assert vat("100", "0.2") == 20


                def test_vat_rounds_half_up():
                    assert str(vat("0.125", "1")) == "0.13"


                @pytest.mark.parametrize("amount", ["10", "99.99"])
                def test_gross_is_more(amount):
                    assert gross(amount, "0.1") > 0


                def test_timeout_error_message_is_kept():
                    err = TimeoutError("upstream timed out")
                    assert "timed out" in str(err)
                `,
    },
    ev: [/_ test_vat_rounds_half_up _/, /^tests\/test_calc\.py:\d+: AssertionError/],
    locre: /^(?<f>tests\/\S+\.py):(?<l>\d+): \w*Error/,
    note: 'A passing test is named after a TimeoutError; the failure is the rounding assertion.',
  },
  {
    id: 'python/fresh2-mypy-inventory',
    tool: 'mypy 1.0.1',
    cmd: 'python3 -m mypy --strict inventory',
    pattern: null,
    category: 'type',
    wrapper: 'travis',
    steps: [VER, 'python3 -m mypy --version'],
    after: ['python3 -m pytest -q'],
    files: {
      'inventory/__init__.py': '',
      'inventory/stock.py': `
                from dataclasses import dataclass
                from typing import Optional


                @dataclass
                class Item:
                    sku: str
                    count: int


                def find(items: list[Item], sku: str) -> Optional[Item]:
                    for it in items:
                        if it.sku == sku:
                            return it
                    return None


                def restock(items: list[Item], sku: str, n: int) -> int:
                    item = find(items, sku)
                    item.count += n
                    return item.count
                `,
      'inventory/report.py': `
                from inventory.stock import Item


                def summary(items: list[Item]) -> str:
                    total: int = sum(i.count for i in items)
                    return total


                def names(items):
                    return [i.sku for i in items]
                `,
      'tests/test_stock.py': `
                from inventory.stock import Item, restock


                def test_restock():
                    assert restock([Item("a", 1)], "a", 2) == 3
                `,
    },
    ev: /error:/,
    locre: /^(?<f>inventory\/\S+\.py):(?<l>\d+): error/,
    note: 'Travis still runs pytest after mypy failed (it passes); the cause is mypy.',
  },
  {
    id: 'python/fresh2-flake8-ingest',
    tool: 'flake8 5.0.4',
    cmd: 'python3 -m flake8 --max-line-length 100 ingest/',
    pattern: null,
    category: 'lint',
    wrapper: 'gitlab',
    steps: [VER, 'python3 -m flake8 --version'],
    files: {
      'ingest/__init__.py': '',
      'ingest/reader.py': `
                import os
                import sys
                import json


                def read_rows(path):
                    with open(path) as fh:
                        for line in fh:
                            if line.strip() == "":
                                continue
                            yield json.loads(line)


                def count(path):
                    n = 0
                    for row in read_rows(path):
                        n+=1
                    return n
                `,
      'ingest/errors.py': `
                class IngestError(Exception):
                    pass
                def wrap(e):
                    return IngestError(str(e)) if e else undefined_name
                `,
    },
    ev: /^ingest\/\S+:\d+:\d+: [EFWC]\d+/,
    locre: /^(?<f>ingest\/\S+\.py):(?<l>\d+):(?<c>\d+): [EFWC]\d+/,
  },
  {
    id: 'python/fresh2-black-check-scheduler',
    tool: 'black 23.1.0',
    cmd: 'black --check --diff scheduler',
    pattern: null,
    category: 'format',
    wrapper: 'circleci',
    steps: [VER, 'black --version'],
    files: {
      'scheduler/__init__.py': '',
      'scheduler/jobs.py': `
                def next_run(job,now):
                    if job["every"]==0: return None
                    return now+job["every"]
                `,
      'scheduler/clock.py': `
                import time


                def now():
                    return time.time()
                `,
    },
    ev: [/^--- .*scheduler\/jobs\.py/, /would be reformatted/],
    locs: [['scheduler/jobs.py', 1, null]],
    note: 'black --diff prints a unified diff; the file to point at is the one it would reformat.',
  },
  {
    id: 'python/fresh2-pytest-missing-plugin-module',
    tool: 'pytest 7.2.1',
    cmd: 'python3 -m pytest -q',
    pattern: null,
    category: 'dependency',
    wrapper: 'jenkins',
    steps: [VER, '@pip'],
    files: {
      'weather/__init__.py': '',
      'weather/fetch.py': `
                import responses_mock


                def get(city):
                    return {"city": city}
                `,
      'tests/test_fetch.py': `
                from weather.fetch import get


                def test_get():
                    assert get("Oslo")["city"] == "Oslo"
                `,
    },
    ev: [/ERROR collecting/, /ModuleNotFoundError: No module named 'responses_mock'/],
    locs: [['weather/fetch.py', 1, null]],
    note: 'A module the code imports is not installed: collection error, dependency. Location: the import line in project code (innermost project frame).',
  },
  {
    id: 'python/fresh2-syntax-fstring',
    tool: 'python 3.11.2 (compileall)',
    cmd: 'python3 -m compileall -q src',
    pattern: null,
    category: 'syntax',
    wrapper: 'azure',
    steps: [VER],
    files: {
      'src/billing.py': `
                def render(total, currency):
                    return f"Total: {total:.2f {currency}"


                def ok():
                    return 1
                `,
      'src/util.py': 'def noop():\n    return None\n',
    },
    ev: [/\*\*\*/, /SyntaxError/],
    locs: [['src/billing.py', 2, null]],
  },
  {
    id: 'python/fresh2-pip-no-matching-version',
    tool: 'pip 23.0.1',
    cmd: '.venv/bin/pip install --no-index --find-links ./wheels -r requirements.txt',
    pattern: null,
    category: 'dependency',
    wrapper: 'github-actions',
    steps: [VER, 'python3 -m venv .venv', '.venv/bin/pip --version'],
    env: { PIP_FIND_LINKS: null },
    phase: 'install',
    pre: 'mkdir -p wheels',
    files: { 'requirements.txt': 'attrs==23.1.0\ncharset-normalizer>=3.0,<4\n' },
    ev: [/ERROR: Could not find a version/, /ERROR: No matching distribution/],
    note: 'pip finds no distribution of a pinned requirement in the wheel directory (offline). No source location.',
  },
  {
    id: 'python/fresh2-pylint-geo',
    tool: 'pylint 2.16.2',
    cmd: 'python3 -m pylint --disable=C,R geo',
    pattern: null,
    category: 'lint',
    wrapper: 'jenkins',
    steps: [VER, 'python3 -m pylint --version | head -1'],
    files: {
      'geo/__init__.py': '',
      'geo/distance.py': `
                """Great-circle distance."""
                import math


                def haversine(a, b):
                    """Distance in km."""
                    lat1, lon1 = a
                    lat2, lon2 = b
                    dlat = math.radians(lat2 - lat1)
                    dlon = math.radians(lon2 - lon1)
                    h = math.sin(dlat / 2) ** 2 + math.cos(math.radians(lat1)) * math.cos(math.radians(lat2)) * math.sin(dlon / 2) ** 2
                    return 2 * 6371 * math.asin(math.sqrt(h))


                def nearest(points, origin):
                    """Closest point."""
                    best = None
                    for p in points:
                        if best is None or haversine(p, origin) < haversine(best, origin):
                            best = p
                    return bestt


                def unused(x):
                    """Unused arg and var."""
                    y = 3
                    return 1
                `,
    },
    ev: [/^\*+ Module geo/, /^geo\/\S+:\d+:\d+: W/],
    locre: /^(?<f>geo\/\S+\.py):(?<l>\d+):(?<c>\d+): [EWF]\d+/,
    note: "pylint reports an undefined name (E0602) and warnings; all are pylint messages and locations. Trap: the setup step `pylint --version | head -1` prints a BrokenPipeError traceback but exits 0 (the pipe takes head's status).",
  },
  {
    id: 'python/fresh2-isort-check',
    tool: 'isort 5.6.4',
    cmd: 'python3 -m isort --check-only --diff app',
    pattern: null,
    category: 'format',
    wrapper: 'buildkite',
    steps: [VER],
    files: {
      'app/__init__.py': '',
      'app/main.py': `
                import sys
                import os
                from app import settings
                import json


                def main():
                    return os.getcwd(), sys.argv, json, settings
                `,
      'app/settings.py': 'DEBUG = False\n',
    },
    ev: /^ERROR: .* Imports are incorrectly sorted/,
    locs: [['app/main.py', 1, null]],
    note: 'isort names the file without a line.',
  },
  {
    id: 'python/fresh2-tox-dead-index',
    tool: 'tox 3.28.0 (pip 23.0.1)',
    cmd: 'tox -e py311 --skip-missing-interpreters',
    pattern: null,
    category: 'network',
    wrapper: 'travis',
    steps: [VER, 'tox --version'],
    env: { PIP_FIND_LINKS: null, PIP_INDEX_URL: 'http://127.0.0.1:9/simple', PIP_RETRIES: '2' },
    files: {
      'tox.ini': `
                [tox]
                envlist = py311
                skipsdist = true

                [testenv]
                deps = pytest
                commands = pytest {posargs}
                `,
      'test_x.py': 'def test_x():\n    assert True\n',
    },
    ev: [/ERROR: invocation failed/, /^ERROR:\s+py311: could not install deps/],
    note: 'tox cannot install the test deps: pip only WARNs that the connection to the index (a dead loopback port) failed, then says No matching distribution found. The cause is the network, not a missing package.',
  },
  {
    id: 'python/fresh2-pytest-fixture-missing',
    tool: 'pytest 7.2.1',
    cmd: 'python3 -m pytest -q -p no:cacheprovider tests',
    pattern: null,
    category: 'test',
    wrapper: 'gitlab',
    steps: [VER, LIST],
    files: {
      'tests/conftest.py': `
                import pytest


                @pytest.fixture
                def db_conn():
                    return {"rows": []}
                `,
      'tests/test_repo.py': `
                def test_empty(db_conn):
                    assert db_conn["rows"] == []


                def test_insert(db_connection):
                    db_connection["rows"].append(1)
                    assert len(db_connection["rows"]) == 1
                `,
    },
    ev: [/ERROR at setup of test_insert/, /fixture 'db_connection' not found/],
    locs: [['tests/test_repo.py', 5, null]],
    note: 'A test asks for a fixture that does not exist (a typo): pytest reports an error at setup; category test.',
  },
  {
    id: 'python/fresh2-configparser-traceback',
    tool: 'python 3.11.2',
    cmd: 'python3 -m app.migrate --check',
    pattern: null,
    category: 'config',
    wrapper: 'circleci',
    steps: [VER],
    files: {
      'app/__init__.py': '',
      'app/config.py': `
                import configparser


                def load(path="settings.ini"):
                    cp = configparser.ConfigParser()
                    cp.read(path)
                    return cp
                `,
      'app/migrate.py': `
                import sys
                from app.config import load


                def main():
                    cfg = load()
                    url = cfg["database"]["url"]
                    print("would migrate", url)
                    return 0


                if __name__ == "__main__":
                    sys.exit(main())
                `,
      'settings.ini': `
                [database]
                url = postgres://db/app
                url = postgres://db/app_test
                `,
    },
    ev: [/^Traceback/, /DuplicateOptionError/],
    locs: [
      ['app/config.py', 6, null],
      ['settings.ini', 3, null],
    ],
    note: 'settings.ini sets the same option twice; configparser raises while reading it. Config. The innermost project frame is config.py:6 (the ini file is named with its line 3 in the message).',
  },
  {
    id: 'python/fresh2-mypy-ini-bad-version',
    tool: 'mypy 1.0.1',
    cmd: 'python3 -m mypy src',
    pattern: null,
    category: 'config',
    wrapper: 'github-actions',
    steps: [VER],
    files: { 'mypy.ini': '[mypy]\npython_version = 2.7\nstrict = True\n', 'src/a.py': 'x: int = 1\n' },
    ev: /mypy: error:/,
    note: 'mypy refuses the python_version set in mypy.ini: config, not a type error. The message names no file, so no location.',
  },
  {
    id: 'python/fresh2-pyproject-toml-broken',
    tool: 'pip 23.0.1',
    cmd: '.venv/bin/pip install --no-index --no-build-isolation -e .',
    pattern: null,
    category: 'config',
    wrapper: 'azure',
    steps: ['python3 --version', 'python3 -m venv .venv', '.venv/bin/pip --version'],
    phase: 'install',
    env: { PIP_FIND_LINKS: null },
    files: {
      'pyproject.toml': `
                [project]
                name = "reportgen"
                version = "0.2.0"
                dependencies = [
                  "jinja2>=3",
                [build-system]
                requires = ["setuptools>=61"]
                build-backend = "setuptools.build_meta"
                `,
      'reportgen/__init__.py': '',
    },
    ev: /TOMLDecodeError: Invalid value/,
    locs: [['pyproject.toml', 6, 2]],
    note: 'pyproject.toml is not valid TOML (an unclosed list): config. pip prints its own internal traceback (ERROR: Exception:) and the cause only on the last line, which gives line and column but not the file name; the file is pyproject.toml (load_pyproject_toml in the frames).',
  },
  {
    id: 'python/fresh2-green-pytest-xfail-warnings',
    tool: 'pytest 7.2.1',
    cmd: 'python3 -m pytest -rxs tests',
    pattern: null,
    category: 'unknown',
    wrapper: 'travis',
    steps: [VER, 'python3 -m flake8 --version'],
    after: ['python3 -m flake8 --count --max-line-length 120 pkg tests'],
    files: {
      'pkg/__init__.py': '',
      'pkg/retry.py':
        'import warnings\n\n\ndef backoff(n):\n    if n > 10:\n        warnings.warn("backoff above 10 is deprecated", DeprecationWarning)\n    return min(2 ** n, 60)\n',
      'tests/test_retry.py':
        'import sys\n\nimport pytest\n\nfrom pkg.retry import backoff\n\n\ndef test_backoff_caps_at_timeout_limit():\n    assert backoff(12) == 60\n\n\n@pytest.mark.xfail(reason="ConnectionError retry not implemented yet", strict=True)\ndef test_retries_connection_error():\n    raise ConnectionError("connection refused")\n\n\n@pytest.mark.skipif(sys.platform == "linux", reason="windows only: PermissionError on locked files")\ndef test_locked_file():\n    pass\n',
    },
    note: 'Green: an xfail test raises ConnectionError, a skipped test mentions PermissionError, a DeprecationWarning in the warnings summary; flake8 after it reports 0.',
  },
  {
    id: 'python/fresh2-pytest-long-verbose-one-failure',
    tool: 'pytest 7.2.1',
    cmd: 'python3 -m pytest -v -p no:cacheprovider tests',
    pattern: null,
    category: 'test',
    wrapper: 'raw',
    files: {
      'units/__init__.py': '',
      'units/convert.py': `
                FACTORS = {"mm": 0.001, "cm": 0.01, "m": 1.0, "km": 1000.0, "in": 0.0254, "ft": 0.3048, "mi": 1609.344}


                def convert(value, src, dst):
                    if src not in FACTORS or dst not in FACTORS:
                        raise KeyError(f"unknown unit: {src if src not in FACTORS else dst}")
                    return value * FACTORS[src] / FACTORS[dst]


                def parse(text):
                    num, unit = text.split()
                    return float(num), unit.rstrip("s")
                `,
      'tests/test_convert.py': `
                import itertools

                import pytest

                from units.convert import FACTORS, convert, parse

                UNITS = sorted(FACTORS)


                @pytest.mark.parametrize("src,dst", list(itertools.product(UNITS, UNITS)))
                def test_round_trip(src, dst):
                    assert convert(convert(3.5, src, dst), dst, src) == pytest.approx(3.5)


                @pytest.mark.parametrize("unit", UNITS)
                def test_unknown_unit_raises_key_error(unit):
                    with pytest.raises(KeyError):
                        convert(1, unit, "furlong")


                @pytest.mark.parametrize("text,want", [("3 km", (3.0, "km")), ("12 ft", (12.0, "ft")), ("2 miles", (2.0, "mi"))])
                def test_parse(text, want):
                    assert parse(text) == want
                `,
    },
    ev: [/^_+ test_parse\[2 miles-want2\] _+$/, /^tests\/test_convert\.py:\d+: AssertionError/],
    locre: /^(?<f>tests\/\S+\.py):(?<l>\d+): \w*Error/,
    note: 'Raw pytest -v output: 59 test lines, 58 PASSED (many named after KeyError), one failure; "miles" is parsed as "mile", not "mi".',
  },
];
