import { describe, expect, it } from 'vitest';
import { ciToolChecks, toolCheckOf } from '../../../src/runner/checks/ci-tool-checks.js';
import { detectChecks } from '../../../src/runner/checks/detect-checks.js';
import { tempRepos } from '../../helpers/temp-repo.js';

const repo = tempRepos();

describe('checks from CI workflow run: steps, for any stack', () => {
  it.each([
    ['ruff check .', null, 'ruff', 'ruff check .'],
    ['ruff format --check .', null, 'ruff-format', 'ruff format --check .'],
    ['poetry run pytest -q', null, 'pytest', 'pytest -q'],
    ['python -m pytest tests', 'backend', 'pytest', 'cd backend && python -m pytest tests'],
    ['cd api && mypy src', null, 'mypy', 'cd api && mypy src'],
    ['black --check --diff .', null, 'black', 'black --check --diff .'],
    ['isort --check-only .', null, 'isort', 'isort --check-only .'],
    ['cargo fmt --all -- --check', null, 'cargo-fmt', 'cargo fmt --all -- --check'],
    ['go test ./...', null, 'go-test', 'go test ./...'],
  ])('%s', (line, dir, name, command) => {
    expect(toolCheckOf(line, dir)?.check).toMatchObject({ name, command });
  });

  it.each([
    'pip install -e .[dev]',
    'black .',
    'pytest | tee out.txt',
    'pytest ${{ matrix.args }}',
    'echo ok; pytest',
    'python setup.py build',
  ])('not %s', (line) => {
    expect(toolCheckOf(line, null)).toBeNull();
  });

  it("reads the workflows' run steps (multi-line, working-directory); CI's command replaces the detected one", async () => {
    const dir = repo({
      'pyproject.toml': '[project]\nname = "x"\n\n[tool.ruff]\nline-length = 100\n',
      'tests/test_a.py': 'def test_a():\n    pass\n',
      '.github/workflows/ci.yml': [
        'on: push',
        'jobs:',
        '  test:',
        '    runs-on: ubuntu-latest',
        '    steps:',
        '      - run: pip install -e .',
        '      - run: |',
        '          ruff check src tests',
        '          pytest -q \\',
        '            tests',
        '      - run: mypy .',
        '        working-directory: lib',
        '',
      ].join('\n'),
    });
    expect((await ciToolChecks(dir)).map((c) => c.check.command)).toEqual([
      'ruff check src tests',
      'pytest -q tests',
      'cd lib && mypy .',
    ]);
    const project = await detectChecks(dir);
    expect(project.checks.map((c) => [c.name, c.command])).toEqual([
      ['ruff', 'ruff check src tests'],
      ['pytest', 'pytest -q tests'],
      ['mypy', 'cd lib && mypy .'],
    ]);
  });
});
