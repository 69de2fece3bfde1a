import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectChecks, GOFMT_CHECK } from '../../../src/runner/checks/detect-checks.js';
import { writeFiles } from '../../helpers/temp-repo.js';

const project = (files: Record<string, string>): string => {
  const dir = mkdtempSync(join(tmpdir(), 'closed-loop-detect-'));
  writeFiles(dir, files);
  return dir;
};
const scripts = (s: Record<string, string>, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ name: 'p', scripts: s, ...extra });
const ALL_SCRIPTS = scripts({
  lint: 'eslint .',
  typecheck: 'tsc --noEmit',
  test: 'vitest run',
  build: 'tsc',
  start: 'node .',
});
/** Checks as `name type command` lines: a table row reads like what the user sees. */
const summary = (checks: { name: string; type: string; command: string }[]): string[] =>
  checks.map((c) => `${c.name} ${c.type} ${c.command}`);

describe('detectChecks: node', () => {
  it.each([
    ['package-lock.json', 'npm', 'npm run'],
    ['npm-shrinkwrap.json', 'npm', 'npm run'],
    ['pnpm-lock.yaml', 'pnpm', 'pnpm run'],
    ['yarn.lock', 'yarn', 'yarn'],
    ['bun.lockb', 'bun', 'bun run'],
    ['bun.lock', 'bun', 'bun run'],
  ])('with %s runs the scripts with %s', async (lockfile, manager, run) => {
    const detected = await detectChecks(project({ 'package.json': ALL_SCRIPTS, [lockfile]: '' }));
    expect(detected.packageManager).toBe(manager);
    expect(detected.ecosystems).toEqual(['node']);
    expect(summary(detected.checks)).toEqual([
      `lint lint ${run} lint`,
      `typecheck type ${run} typecheck`,
      `test test ${run} test`,
      `build build ${run} build`,
    ]);
    expect(detected.checks.every((c) => c.timeout === 600 && c.fix_command === undefined)).toBe(true);
  });

  it.each([
    [{}, 'npm'],
    [{ packageManager: 'pnpm@9.1.0+sha512.abc' }, 'pnpm'],
    [{ packageManager: 'something@1' }, 'npm'],
  ])('without a lockfile uses package.json packageManager %j, else npm', async (extra, manager) => {
    const detected = await detectChecks(project({ 'package.json': scripts({ test: 'vitest run' }, extra) }));
    expect(detected.packageManager).toBe(manager);
  });

  it.each([
    [{ 'type-check': 'tsc -p .' }, ['type-check type npm run type-check']],
    [{ tsc: 'tsc', 'type-check': 'x' }, ['type-check type npm run type-check']],
    [{ tsc: 'tsc' }, ['tsc type npm run tsc']],
    [{ test: 'echo "Error: no test specified" && exit 1' }, []],
    [{ lint: '  ', start: 'node .', dev: 'vite' }, []],
  ])('scripts %j are the checks %j', async (s, expected) => {
    expect(summary((await detectChecks(project({ 'package.json': scripts(s) }))).checks)).toEqual(expected);
  });

  it('adds the scripts CI runs: those its workflows run and those named check, ci, lint:ci, format:check, verify', async () => {
    const workflow =
      'on: push\njobs:\n  ci:\n    steps:\n      - run: npm ci\n      - run: npm run check\n      - run: |\n          npm run e2e\n          npm test\n';
    const pkg = scripts({
      test: 'node --test',
      check: 'npm run lint:ci && npm run format:check',
      'lint:ci': 'eslint --max-warnings 0 .',
      'format:check': 'prettier --check .',
      e2e: 'playwright test',
      dev: 'vite',
    });
    const detected = await detectChecks(
      project({ 'package.json': pkg, '.github/workflows/ci.yml': workflow }),
    );
    expect(summary(detected.checks)).toEqual([
      'test test npm run test',
      'check custom npm run check',
      'e2e test npm run e2e',
    ]);
    // Named for CI but not run by another check: a check of its own.
    const alone = await detectChecks(
      project({ 'package.json': scripts({ 'format:check': 'prettier --check .' }) }),
    );
    expect(summary(alone.checks)).toEqual(['format:check lint npm run format:check']);
  });

  it('says why when package.json does not parse, and still knows the package manager', async () => {
    const detected = await detectChecks(project({ 'package.json': '{ "scripts": ', 'yarn.lock': '' }));
    expect(detected).toMatchObject({ checks: [], packageManager: 'yarn', ecosystems: ['node'] });
    expect(detected.warnings).toEqual([expect.stringMatching(/^package\.json is not valid JSON \(.+\)$/)]);
  });
});

describe('detectChecks: python', () => {
  it.each([
    [
      'ruff, mypy and pytest from pyproject tables',
      {
        'pyproject.toml':
          '[project]\nname = "p"\n\n[tool.ruff]\nline-length = 100\n\n[tool.mypy]\nstrict = true\n',
        'tests/test_app.py': '',
      },
      ['ruff lint ruff check .', 'mypy type mypy .', 'pytest test python3 -m pytest -q'],
    ],
    [
      'black from its [tool.black] table, before mypy',
      { 'pyproject.toml': '[tool.black]\nline-length = 100\n\n[tool.mypy]\n' },
      ['black lint black --check .', 'mypy type mypy .'],
    ],
    [
      'ruff sub-tables count',
      { 'pyproject.toml': '[tool.ruff.lint]\nselect = ["E"]\n' },
      ['ruff lint ruff check .'],
    ],
    [
      'ruff.toml and mypy.ini beside requirements.txt',
      { 'requirements.txt': 'requests\n', 'ruff.toml': '', 'mypy.ini': '[mypy]\n' },
      ['ruff lint ruff check .', 'mypy type mypy .'],
    ],
    [
      '.ruff.toml, and [mypy] in setup.cfg',
      { 'setup.cfg': '[metadata]\nname = p\n\n[mypy]\nstrict = True\n', '.ruff.toml': '' },
      ['ruff lint ruff check .', 'mypy type mypy .'],
    ],
    [
      'pytest for tests a few levels down',
      { 'setup.py': '', 'src/pkg/tests/test_x.py': '' },
      ['pytest test python3 -m pytest -q'],
    ],
    [
      'pytest for *_test.py at the root',
      { 'pyproject.toml': '', 'app_test.py': '' },
      ['pytest test python3 -m pytest -q'],
    ],
    [
      'no pytest for test files in a virtualenv or node_modules only',
      {
        'pyproject.toml': '',
        '.venv/lib/test_x.py': '',
        'node_modules/x/test_y.py': '',
        'venv/test_z.py': '',
      },
      [],
    ],
    [
      'a tool only named, not configured, is no check',
      { 'pyproject.toml': '[project]\ndependencies = ["ruff", "mypy"]\n# [tool.ruff] later\n' },
      [],
    ],
  ])('%s', async (_, files, expected) => {
    const detected = await detectChecks(project(files));
    expect(detected.ecosystems).toEqual(['python']);
    expect(detected.packageManager).toBeNull();
    expect(summary(detected.checks)).toEqual(expected);
  });
});

describe('detectChecks: rust, go, several, none', () => {
  it('Cargo.toml gives clippy (warnings denied), test and build', async () => {
    const detected = await detectChecks(project({ 'Cargo.toml': '[package]\nname = "p"\n' }));
    expect(detected.ecosystems).toEqual(['rust']);
    expect(summary(detected.checks)).toEqual([
      'cargo-clippy lint cargo clippy -- -D warnings',
      'cargo-test test cargo test',
      'cargo-build build cargo build',
    ]);
  });

  it('go.mod gives gofmt, vet, test and build over every package', async () => {
    const detected = await detectChecks(project({ 'go.mod': 'module example.com/p\n' }));
    expect(detected.ecosystems).toEqual(['go']);
    expect(summary(detected.checks)).toEqual([
      `gofmt lint ${GOFMT_CHECK}`,
      'go-vet lint go vet ./...',
      'go-test test go test ./...',
      'go-build build go build ./...',
    ]);
  });

  it('a project of several ecosystems gets the checks of each, with unique names', async () => {
    const detected = await detectChecks(
      project({
        'package.json': scripts({ test: 'vitest run' }),
        'pnpm-lock.yaml': '',
        'pyproject.toml': '[tool.ruff]\n',
        'Cargo.toml': '',
        'go.mod': '',
      }),
    );
    expect(detected.ecosystems).toEqual(['node', 'python', 'rust', 'go']);
    expect(detected.packageManager).toBe('pnpm');
    const names = detected.checks.map((c) => c.name);
    expect(names).toEqual([
      'test',
      'ruff',
      'cargo-clippy',
      'cargo-test',
      'cargo-build',
      'gofmt',
      'go-vet',
      'go-test',
      'go-build',
    ]);
  });

  it('an empty directory has nothing', async () => {
    expect(await detectChecks(project({ 'README.md': '# p\n' }))).toEqual({
      checks: [],
      packageManager: null,
      ecosystems: [],
      warnings: [],
    });
  });
});
