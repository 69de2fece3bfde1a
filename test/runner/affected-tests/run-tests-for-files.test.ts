import { describe, expect, it } from 'vitest';
import { detectTestRunner } from '../../../src/runner/affected-tests/detect-test-runner.js';
import { runTestsForFiles } from '../../../src/runner/affected-tests/run-tests-for-files.js';
import { tempRepos } from '../../helpers/temp-repo.js';

const repo = tempRepos();

describe('detectTestRunner', () => {
  it.each([
    [{ 'package.json': '{"devDependencies":{"vitest":"^4"}}' }, 'vitest'],
    [{ 'package.json': '{"scripts":{"test":"jest --ci"}}' }, 'jest'],
    [{ 'pyproject.toml': '[project]\nname="x"\n' }, 'pytest'],
    [{ 'go.mod': 'module ex.com/x\n' }, 'go'],
    [{ 'README.md': 'hi' }, null],
  ])('%j → %s', (files, expected) => expect(detectTestRunner(repo(files))).toBe(expected));
});

describe('runTestsForFiles with the real pytest', () => {
  it('groups test cases per source file through the import graph', async () => {
    const dir = repo({
      'pyproject.toml': '[project]\nname = "shop"\n[tool.pytest.ini_options]\npythonpath = ["src"]\n',
      'src/shop/__init__.py': '',
      'src/shop/pricing.py': 'def price(x):\n    return x * 2\n',
      'tests/test_pricing.py':
        'from shop.pricing import price\n\ndef test_price():\n    assert price(2) == 4\n\ndef test_broken():\n    assert price(1) == 3\n',
    });
    const results = await runTestsForFiles(dir, ['src/shop/pricing.py']);
    expect(results).toEqual([
      {
        file: 'src/shop/pricing.py',
        test_count: 2,
        pass_count: 1,
        fail_count: 1,
        failing: ['test_pricing > test_broken'],
      },
    ]);
  });
});

describe('runTestsForFiles with the real go test', () => {
  it('counts the package tests for a Go file', async () => {
    const dir = repo({
      'go.mod': 'module example.com/shop\n\ngo 1.20\n',
      'money/money.go': 'package money\n\nfunc Add(a, b int) int { return a + b }\n',
      'money/money_test.go':
        'package money\n\nimport "testing"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(1, 2) != 3 {\n\t\tt.Fatal("bad")\n\t}\n}\n\nfunc TestBad(t *testing.T) { t.Fatal("no") }\n',
    });
    const results = await runTestsForFiles(dir, ['money/money.go']);
    expect(results).toEqual([
      { file: 'money/money.go', test_count: 2, pass_count: 1, fail_count: 1, failing: ['TestBad'] },
    ]);
  });

  it("runs only the changed Go files' packages: a changed config file's folder is no package", async () => {
    const dir = repo({
      'go.mod': 'module example.com/shop\n\ngo 1.20\n',
      '.github/closed-loop.yml': 'version: 1\n',
      'money/money.go': 'package money\n\nfunc Add(a, b int) int { return a + b }\n',
      'money/money_test.go':
        'package money\n\nimport "testing"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(1, 2) != 3 {\n\t\tt.Fatal("bad")\n\t}\n}\n',
    });
    // The root holds no Go file either (go.mod only): `go test .` would fail as `./.github` does.
    const results = await runTestsForFiles(dir, ['.github/closed-loop.yml', 'go.mod', 'money/money.go']);
    expect(results).toEqual([
      { file: '.github/closed-loop.yml', test_count: 0, pass_count: 0, fail_count: 0, failing: [] },
      { file: 'go.mod', test_count: 0, pass_count: 0, fail_count: 0, failing: [] },
      { file: 'money/money.go', test_count: 1, pass_count: 1, fail_count: 0, failing: [] },
    ]);
  });
});
