// HELD OUT (set `fresh`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

const PY = '/usr/bin/python3';
const VENV = `${PY} -m venv --system-site-packages .venv && .venv/bin/python -m pip install --no-index -r requirements.txt`;
const REQ = 'pytest\npluggy\nattrs\n';
const INV = {
  'requirements.txt': REQ,
  'inventory/__init__.py': '',
  'inventory/stock.py': `
        from dataclasses import dataclass, field


        @dataclass
        class Item:
            sku: str
            qty: int = 0
            reserved: int = 0

            @property
            def available(self):
                return self.qty - self.reserved


        @dataclass
        class Stock:
            items: dict = field(default_factory=dict)

            def add(self, sku, qty):
                item = self.items.setdefault(sku, Item(sku))
                item.qty += qty
                return item

            def reserve(self, sku, qty):
                item = self.items[sku]
                if qty > item.available:
                    raise ValueError(f"only {item.available} of {sku} left")
                item.reserved += qty
                return item

            def release(self, sku, qty):
                item = self.items[sku]
                item.reserved = max(0, item.reserved - qty)
                return item
        `,
  'tests/__init__.py': '',
  'tests/test_stock.py': `
        import warnings

        import pytest

        from inventory.stock import Stock


        @pytest.fixture
        def stock():
            s = Stock()
            s.add("A-1", 10)
            s.add("B-2", 3)
            return s


        def test_add_accumulates(stock):
            stock.add("A-1", 5)
            assert stock.items["A-1"].qty == 15


        def test_reserve_reduces_available(stock):
            stock.reserve("A-1", 4)
            assert stock.items["A-1"].available == 6


        def test_reserve_too_many(stock):
            with pytest.raises(ValueError):
                stock.reserve("B-2", 4)


        def test_release_returns_stock(stock):
            stock.reserve("B-2", 2)
            stock.release("B-2", 1)
            assert stock.items["B-2"].available == 2


        def test_legacy_api(stock):
            warnings.warn("Stock.add(sku, qty) is deprecated; use Stock.receive()", DeprecationWarning)
            assert stock.add("C-3", 1).qty == 1
        `,
};

export const CASES: CorpusCase[] = [
  {
    id: 'python/fresh-pytest-release-overshoot',
    tool: 'pytest 7.2.1',
    cmd: '.venv/bin/python -m pytest -p no:cacheprovider -v',
    steps: ['@apt', `${PY} --version`, VENV],
    files: {
      ...INV,
      'inventory/stock.py': INV['inventory/stock.py']!.replaceAll(
        'max(0, item.reserved - qty)',
        'item.reserved - qty - 1',
      ),
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^_+ test_release_returns_stock/, /^FAILED tests\/test_stock.py::test_release/],
    locs: [['tests/test_stock.py', 34, null]],
    wrapper: 'travis',
    note: 'release() subtracts one too many; four tests pass, one fails; a DeprecationWarning in the warnings summary is noise',
  },
  {
    id: 'python/fresh-pytest-green-warnings',
    tool: 'pytest 7.2.1',
    cmd: '.venv/bin/python -m pytest -p no:cacheprovider -q -W default',
    steps: [VENV],
    files: INV,
    pattern: null,
    category: 'unknown',
    wrapper: 'github-actions',
    note: 'green: the warnings summary prints a DeprecationWarning with a file:line',
  },
  {
    id: 'python/fresh-pytest-keyerror-in-code',
    tool: 'pytest 7.2.1',
    cmd: `${PY} -m pytest -p no:cacheprovider -q tests/test_stock.py`,
    steps: ['@pip'],
    files: {
      ...INV,
      'tests/test_stock.py': INV['tests/test_stock.py']!.replaceAll(
        'stock.reserve("A-1", 4)',
        'stock.reserve("A1", 4)',
      ),
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^_+ test_reserve_reduces_available/, /^FAILED/],
    locs: [['inventory/stock.py', 25, null]],
    wrapper: 'github-actions',
    note: 'a KeyError from the code under test (wrong sku in the test): a failing test, not a dependency/key problem; location: innermost project frame',
  },
  {
    id: 'python/fresh-unittest-setup-class-error',
    tool: 'python3 -m unittest',
    cmd: `${PY} -m unittest discover -s tests -t . -v`,
    files: {
      'app/__init__.py': '',
      'app/money.py':
        'from decimal import Decimal\n\n\ndef to_cents(amount):\n    return int(Decimal(amount) * 100)\n\n\ndef fmt(cents):\n    return f"{cents // 100}.{cents % 100:02d}"\n',
      'tests/__init__.py': '',
      'tests/test_money.py': `
                import json
                import unittest

                from app.money import fmt, to_cents


                class MoneyTest(unittest.TestCase):
                    def test_to_cents(self):
                        self.assertEqual(to_cents("12.34"), 1234)

                    def test_fmt(self):
                        self.assertEqual(fmt(705), "7.05")


                class RatesTest(unittest.TestCase):
                    @classmethod
                    def setUpClass(cls):
                        with open("tests/fixtures/rates.json") as f:
                            cls.rates = json.load(f)

                    def test_eur(self):
                        self.assertIn("EUR", self.rates)
                `,
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^ERROR: setUpClass/, /^FAILED \(errors=1\)/],
    locs: [['tests/test_money.py', 18, null]],
    wrapper: 'jenkins',
    note: 'a fixture file missing makes setUpClass raise FileNotFoundError: the suite errors; test (a test error), not config',
  },
  {
    id: 'python/fresh-flake8-then-pytest',
    tool: 'flake8 5.0.4',
    cmd: `${PY} -m flake8 --max-line-length=100 inventory tests`,
    after: [`${PY} -m pytest -p no:cacheprovider -q`],
    files: {
      ...INV,
      'inventory/report.py': `
            import os
            import sys
            from inventory.stock import Stock


            def low_stock(stock: Stock, threshold=2):
                rows = []
                for sku, item in stock.items.items():
                    if item.available <= threshold:
                        rows.append((sku, item.available))
                return sorted(rows, key=lambda r: r[1])


            def render(rows):
                out = []
                for sku, n in rows:
                    out.append(f"{sku:<10}{n:>5}")
                return "\\n".join(out) 
            `,
      'tests/test_stock.py': INV['tests/test_stock.py']!.replaceAll('== 6', '== 7'),
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: /^inventory\/report.py:\d+:\d+: [EFW]\d+/,
    locre: /^(?<f>\S+\.py):(?<l>\d+):(?<c>\d+): [EFWC]\d+/,
    wrapper: 'travis',
    note: 'two problems: flake8 (unused imports, trailing whitespace) runs first; the later pytest step also fails one test. The first cause (lint) wins',
  },
  {
    id: 'python/fresh-mypy-optional-return',
    tool: 'mypy 1.0.1',
    cmd: `${PY} -m mypy --no-incremental --cache-dir=/dev/null --strict-optional inventory`,
    steps: [`${PY} -m mypy --version`],
    files: {
      ...INV,
      'inventory/lookup.py': `
            from typing import Dict, List, Optional

            from inventory.stock import Item


            def by_prefix(items: Dict[str, Item], prefix: str) -> List[Item]:
                return [i for s, i in items.items() if s.startswith(prefix)]


            def first(items: Dict[str, Item], prefix: str) -> Optional[Item]:
                found = by_prefix(items, prefix)
                return found[0] if found else None


            def qty_of(items: Dict[str, Item], prefix: str) -> int:
                return first(items, prefix).qty


            def names(items: Dict[str, Item]) -> List[str]:
                return sorted(items.values())
            `,
    },
    pattern: 'type-error',
    category: 'type',
    ev: [/: error:/, /^Found \d+ error/],
    locre: /^(?<f>inventory\/\S+\.py):(?<l>\d+): error/,
    wrapper: 'github-actions',
  },
  {
    id: 'python/fresh-black-isort-check',
    tool: 'black 23.1.0',
    cmd: `${PY} -m black --check inventory tests && ${PY} -m isort --check-only --diff inventory tests`,
    files: {
      ...INV,
      'inventory/stock.py': INV['inventory/stock.py']!.replaceAll(
        'def add(self, sku, qty):',
        'def add(self,sku,qty) :',
      ).replaceAll(
        'raise ValueError(f"only {item.available} of {sku} left")',
        "raise ValueError(\n                    f'only {item.available} of {sku} left'\n                )",
      ),
    },
    pattern: 'format-error',
    category: 'format',
    ev: [/^would reformat/, /^Oh no!|would be reformatted/],
    locs: [
      ['tests/test_stock.py', 1, null],
      ['inventory/stock.py', 1, null],
    ],
    wrapper: 'circleci',
  },
  {
    id: 'python/fresh-pylint-fail-under',
    tool: 'pylint 2.16.2',
    cmd: `${PY} -m pylint --fail-under=9 --disable=C0114,C0115,C0116 inventory`,
    files: {
      ...INV,
      'inventory/audit.py': `
            import logging

            log = logging.getLogger(__name__)


            def audit(stock, skus=[]):
                missing = []
                for sku in skus:
                    try:
                        item = stock.items[sku]
                    except:
                        missing.append(sku)
                        continue
                    log.info("checked %s" % sku)
                return missing
            `,
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/^\*+ Module/, /^Your code has been rated/],
    locre: /^(?<f>inventory\/\S+\.py):(?<l>\d+):(?<c>\d+): [EWRC]\d+/,
    wrapper: 'gitlab',
    note: 'pylint warnings (dangerous default, bare except, %-logging, unused variable) push the score under --fail-under',
  },
  {
    id: 'python/fresh-tox-import-error',
    tool: 'tox 3.28',
    cmd: 'tox -e py311 -- -q',
    steps: ['tox --version'],
    files: {
      ...INV,
      'tox.ini':
        '[tox]\nenvlist = py311\nskipsdist = true\n\n[testenv]\ndeps =\nsitepackages = true\ncommands = pytest -p no:cacheprovider {posargs}\n',
      'tests/test_export.py':
        'from freezegun import freeze_time\n\nfrom inventory.stock import Stock\n\n\n@freeze_time("2026-01-01")\ndef test_snapshot_date():\n    s = Stock()\n    s.add("A", 1)\n    assert s.items["A"].qty == 1\n',
    },
    pattern: 'import-not-found',
    category: 'dependency',
    ev: [/^_+ ERROR collecting/, /No module named 'freezegun'/],
    locs: [['tests/test_export.py', 1, null]],
    wrapper: 'github-actions',
    timeout: 240,
    note: 'the test imports freezegun, which the tox env does not install: a missing dependency; tox then reports the env failed',
  },
  {
    id: 'python/fresh-pip-resolution-impossible',
    tool: 'pip 23.0.1',
    cmd: '.venv/bin/python -m pip install --no-index --find-links wheels -r requirements.txt',
    steps: [`${PY} -m venv .venv`, 'mkdir -p wheels && ls -la wheels | head -1'],
    files: { 'requirements.txt': 'acme-core==2.1.0\nacme-cli>=1.0\n' },
    pattern: 'dependency-conflict',
    category: 'dependency',
    ev: [/^ERROR: Could not find a version/, /^ERROR: No matching distribution/],
    wrapper: 'travis',
    phase: 'install',
    note: 'the pinned version is not on the index: Travis stops the build in the install phase',
  },
  {
    id: 'python/fresh-script-attributeerror-none',
    tool: 'python3 3.11.2',
    cmd: `${PY} scripts/build_index.py data`,
    steps: [`${PY} --version`],
    files: {
      'data/a.md': '---\ntitle: Alpha\n---\nbody\n',
      'data/b.md': 'no front matter here\n',
      'scripts/build_index.py': `
                import pathlib
                import re
                import sys

                FRONT = re.compile(r"^---\\ntitle: (.*)\\n---", re.M)


                def title_of(path):
                    m = FRONT.match(path.read_text())
                    return m.group(1)


                def main(root):
                    for p in sorted(pathlib.Path(root).glob("*.md")):
                        print(f"{p.name}: {title_of(p)}")


                if __name__ == "__main__":
                    main(sys.argv[1])
                `,
    },
    pattern: null,
    category: 'build',
    ev: [/^Traceback/, /^AttributeError/],
    locs: [['scripts/build_index.py', 10, null]],
    wrapper: 'circleci',
    note: 'a project script crashes (None.group on a file without front matter) in a build step: build; no catalogue id fits a crashing script. test is arguable',
  },
  {
    id: 'python/fresh-pytest-conftest-fixture-typo',
    tool: 'pytest 7.2.1',
    cmd: `${PY} -m pytest -p no:cacheprovider -rA`,
    files: {
      ...INV,
      'tests/conftest.py':
        'import pytest\n\nfrom inventory.stock import Stock\n\n\n@pytest.fixture\ndef full_stock():\n    s = Stock()\n    for sku in ("A", "B", "C"):\n        s.add(sku, 5)\n    return s\n',
      'tests/test_bulk.py':
        'def test_bulk_reserve(full_stok):\n    for sku in ("A", "B"):\n        full_stok.reserve(sku, 5)\n    assert all(i.available == 0 for i in list(full_stok.items.values())[:2])\n',
    },
    pattern: 'test-failure',
    category: 'test',
    ev: [/^_+ ERROR at setup of test_bulk_reserve/, /fixture 'full_stok' not found/],
    locs: [['tests/test_bulk.py', 1, null]],
    wrapper: 'jenkins',
    note: 'a misspelt fixture name: pytest errors the test at setup; test',
  },
  {
    id: 'python/fresh-unittest-skip-expected-failure-green',
    tool: 'python3 -m unittest',
    cmd: `${PY} -m unittest -v tests.test_money`,
    files: {
      'app/__init__.py': '',
      'app/money.py': 'def fmt(c):\n    return f"{c // 100}.{c % 100:02d}"\n',
      'tests/__init__.py': '',
      'tests/test_money.py':
        'import unittest\n\nfrom app.money import fmt\n\n\nclass T(unittest.TestCase):\n    def test_fmt(self):\n        self.assertEqual(fmt(705), "7.05")\n\n    @unittest.skip("currency rounding: see issue 88, error in upstream")\n    def test_round(self):\n        self.fail("not ready")\n\n    @unittest.expectedFailure\n    def test_negative(self):\n        self.assertEqual(fmt(-5), "-0.05")\n',
    },
    pattern: null,
    category: 'unknown',
    wrapper: 'gitlab',
    note: 'green: skipped and expected-failure tests whose messages say error/fail',
  },
  {
    id: 'python/fresh-syntax-fstring-py311',
    tool: 'python3 3.11.2',
    cmd: `${PY} -m compileall -q inventory`,
    files: {
      ...INV,
      'inventory/labels.py':
        'def label(item):\n    return f"{item.sku}: {item.qty:>4} ({"reserved" if item.reserved else "free"})"\n',
    },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: [/File ".*labels.py"/, /SyntaxError/],
    locs: [['inventory/labels.py', 2, null]],
    wrapper: 'github-actions',
    note: 'nested same-quote f-string: valid on Python 3.12, a SyntaxError on the 3.11 runner',
  },
  {
    id: 'python/fresh-pytest-no-tests-collected',
    tool: 'pytest 7.2.1',
    cmd: `${PY} -m pytest -p no:cacheprovider -q`,
    files: { ...INV, 'pytest.ini': '[pytest]\ntestpaths = test\npython_files = *_test.py\n' },
    pattern: 'config-error',
    category: 'config',
    ev: [/no tests ran/, /no tests ran/],
    wrapper: 'github-actions',
    note: 'pytest exits 5: the ini points testpaths at test/ and *_test.py, the suite lives in tests/test_*.py; nothing ran. config (test discovery); debatable',
  },
];
