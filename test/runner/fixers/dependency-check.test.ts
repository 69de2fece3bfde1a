import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/core/config/schema.js';
import { runStrategy } from '../../../src/runner/fixers/index.js';
import { createTempRepo } from '../../helpers/temp-repo.js';
import { check, diagnosis, project } from '../../core/strategies/builders.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const repo = (files: Record<string, string>): string => {
  const dir = createTempRepo(files);
  dirs.push(dir);
  return dir;
};
const missing = (text: string, file = 'src/index.js') =>
  diagnosis({
    pattern: 'import-not-found',
    category: 'dependency',
    strategy: 'dependency_check',
    text,
    locations: [{ file, line: 1, column: 1 }],
  });
const input = (cwd: string, text: string, file?: string) => ({
  cwd,
  taskId: 'dep',
  diagnosis: missing(text, file),
  check: check({ name: 'build', type: 'build' as const, command: 'node src/index.js' }),
  config: defaultConfig(),
  project: project(),
});

describe('dependency_check', () => {
  it('installs a missing package from the npm registry with npm', async () => {
    const cwd = repo({
      'package.json': '{ "name": "app", "version": "1.0.0", "type": "module" }\n',
      'src/index.js': "import isNumber from 'is-number';\nconsole.log(isNumber(1));\n",
    });
    const outcome = await runStrategy(
      'dependency_check',
      input(
        cwd,
        "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'is-number' imported from /x/src/index.js",
      ),
    );
    expect(outcome.action).toMatch(/^ran npm install is-number \(is-number is in no dependencies section/);
    expect(outcome).toMatchObject({ strategy: 'dependency_check', applied: true });
    expect(outcome.files_modified).toEqual(expect.arrayContaining(['package-lock.json', 'package.json']));
    const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(pkg.dependencies?.['is-number']).toMatch(/^\^\d/);
    expect(existsSync(join(cwd, 'node_modules/is-number/package.json'))).toBe(true);
  });

  it('reports a version conflict without acting', async () => {
    const cwd = repo({ 'package.json': '{ "name": "app", "dependencies": { "left-pad": "^2.0.0" } }\n' });
    mkdirSync(join(cwd, 'node_modules/left-pad'), { recursive: true });
    writeFileSync(
      join(cwd, 'node_modules/left-pad/package.json'),
      '{ "name": "left-pad", "version": "1.3.0" }',
    );
    const outcome = await runStrategy('dependency_check', input(cwd, "Error: Cannot find module 'left-pad'"));
    expect(outcome).toMatchObject({ applied: false, files_modified: [] });
    expect(outcome.action).toBe(
      'left-pad@1.3.0 is installed but package.json asks for ^2.0.0: a version conflict to resolve by hand',
    );
  });

  it('does not treat a missing file as a dependency', async () => {
    const cwd = repo({ 'package.json': '{ "name": "app" }\n' });
    const outcome = await runStrategy(
      'dependency_check',
      input(cwd, "Error: Cannot find module './utils/date.js'"),
    );
    expect(outcome.applied).toBe(false);
    expect(outcome.action).toContain('names no installable package');
  });

  it("never installs into the machine's Python: without a virtualenv it says what to add to the manifest", async () => {
    const cwd = repo({ 'a.py': 'import surely_not_a_module_zz9\n' });
    const run = input(cwd, "E   ModuleNotFoundError: No module named 'surely_not_a_module_zz9'", 'a.py');
    const outcome = await runStrategy('dependency_check', {
      ...run,
      check: check({ command: 'python3 a.py', timeout: 60 }),
    });
    expect(outcome.applied).toBe(false);
    expect(outcome.action).toMatch(
      /no virtualenv \(\.venv\).*add it to pyproject\.toml or requirements\.txt/,
    );
  });

  it("gives mypy's missing module the same handling as pytest's ModuleNotFoundError", async () => {
    const cwd = repo({ 'a.py': 'import surely_not_a_module_zz9\n' });
    const run = input(
      cwd,
      'a.py:1: error: Cannot find implementation or library stub for module named "surely_not_a_module_zz9"  [import-not-found]',
      'a.py',
    );
    const outcome = await runStrategy('dependency_check', {
      ...run,
      check: check({ name: 'types', type: 'type', command: 'mypy .', timeout: 60 }),
    });
    expect(outcome.applied).toBe(false);
    expect(outcome.action).toMatch(
      /surely_not_a_module_zz9.*no virtualenv \(\.venv\).*add it to pyproject\.toml or requirements\.txt/,
    );
  });

  it("installs into the project's .venv, and reports a failed install honestly", async () => {
    const cwd = repo({ 'a.py': 'import surely_not_a_module_zz9\n', 'requirements.txt': 'packaging\n' });
    execFileSync('python3', ['-m', 'venv', '--without-pip', '.venv'], { cwd });
    const run = input(cwd, "E   ModuleNotFoundError: No module named 'surely_not_a_module_zz9'", 'a.py');
    const outcome = await runStrategy('dependency_check', {
      ...run,
      check: check({ command: 'python3 a.py', timeout: 60 }),
    });
    expect(outcome.applied).toBe(false);
    expect(outcome.action).toMatch(/\.venv\/bin\/python -m pip install surely_not_a_module_zz9/);
    // Nothing installed, nothing declared.
    expect(readFileSync(join(cwd, 'requirements.txt'), 'utf8')).toBe('packaging\n');
  }, 120_000);

  it('declares nothing and installs nothing when the project declares its dependencies nowhere', async () => {
    const cwd = repo({ 'a.py': 'import surely_not_a_module_zz9\n' });
    execFileSync('python3', ['-m', 'venv', '--without-pip', '.venv'], { cwd });
    const run = input(cwd, "E   ModuleNotFoundError: No module named 'surely_not_a_module_zz9'", 'a.py');
    const outcome = await runStrategy('dependency_check', run);
    expect(outcome).toMatchObject({ applied: false, files_modified: [] });
    expect(outcome.action).toMatch(/declares its dependencies nowhere/);
  });

  it('says why it cannot read a broken package.json', async () => {
    const cwd = repo({ 'package.json': '{ broken' });
    const outcome = await runStrategy('dependency_check', input(cwd, "Error: Cannot find module 'x'"));
    expect(outcome).toMatchObject({ applied: false });
    expect(outcome.action).toMatch(/^cannot check dependencies: package.json is not valid JSON/);
  });
});
