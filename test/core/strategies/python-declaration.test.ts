import { describe, expect, it } from 'vitest';
import { parse } from 'smol-toml';
import {
  declareIn,
  planPythonDeclaration,
  type PythonProjectFiles,
} from '../../../src/core/strategies/python-declaration.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed TOML, read by path in each case
type Toml = Record<string, any>;

const files = (over: Partial<PythonProjectFiles> = {}): PythonProjectFiles => ({
  pyproject: null,
  requirements: [],
  lockfiles: { poetry: false, uv: false, pdm: false },
  ci: '',
  ...over,
});
const PEP621 =
  '[project]\nname = "x"\nversion = "1"\ndependencies = [\n    "packaging>=21",\n]\n\n[project.optional-dependencies]\ndev = ["pytest"]\n';

describe('planPythonDeclaration: where a missing package is declared', () => {
  it.each([
    [
      'poetry.lock: poetry add, in the dev group for a test',
      files({ lockfiles: { poetry: true, uv: false, pdm: false } }),
      true,
      'poetry add --group dev humanize',
    ],
    [
      'uv.lock: uv add',
      files({ lockfiles: { poetry: false, uv: true, pdm: false } }),
      false,
      'uv add humanize',
    ],
    [
      'pdm.lock: pdm add -dG dev',
      files({ lockfiles: { poetry: false, uv: false, pdm: true } }),
      true,
      'pdm add -dG dev humanize',
    ],
  ])('%s', (_, f, dev, command) => {
    expect(planPythonDeclaration(f, 'humanize', dev)).toMatchObject({ kind: 'tool', command });
  });

  it.each([
    [
      'runtime: [project] dependencies',
      files({ pyproject: PEP621 }),
      false,
      { kind: 'project' },
      'pyproject.toml',
    ],
    [
      'a test import: the dev extra CI installs',
      files({ pyproject: PEP621, ci: 'pip install -e .[dev]' }),
      true,
      { kind: 'extra', name: 'dev' },
      'pyproject.toml',
    ],
    [
      'a test import: the dev requirements file CI installs',
      files({
        pyproject: PEP621,
        requirements: ['requirements.txt', 'requirements-dev.txt'],
        ci: 'pip install -r requirements-dev.txt',
      }),
      true,
      { kind: 'requirements', file: 'requirements-dev.txt' },
      'requirements-dev.txt',
    ],
    [
      'runtime: the requirements file CI installs, before pyproject',
      files({ pyproject: PEP621, requirements: ['requirements.txt'], ci: 'pip install -r requirements.txt' }),
      false,
      { kind: 'requirements', file: 'requirements.txt' },
      'requirements.txt',
    ],
    [
      'a test import: a dependency group',
      files({ pyproject: '[project]\nname = "x"\n\n[dependency-groups]\ndev = ["pytest"]\n' }),
      true,
      { kind: 'group', name: 'dev' },
      'pyproject.toml',
    ],
    [
      'only requirements.txt',
      files({ requirements: ['requirements.txt'] }),
      false,
      { kind: 'requirements', file: 'requirements.txt' },
      'requirements.txt',
    ],
  ])('%s', (_, f, dev, target, file) => {
    expect(planPythonDeclaration(f, 'humanize', dev)).toMatchObject({ kind: 'edit', target, file });
  });

  it('nowhere to declare: says so', () => {
    expect(planPythonDeclaration(files({ pyproject: '[tool.black]\n' }), 'humanize', false)).toMatchObject({
      kind: 'none',
    });
  });
});

describe('declareIn: the declaration, written as a person would, still valid TOML', () => {
  it.each([
    [
      'a multi-line dependencies array',
      PEP621,
      { kind: 'project' as const },
      (t: Toml) => t.project.dependencies,
    ],
    [
      'an inline extra',
      PEP621,
      { kind: 'extra' as const, name: 'dev' },
      (t: Toml) => t.project['optional-dependencies'].dev,
    ],
    [
      'a [project] without dependencies',
      '[project]\nname = "x"\n\n[tool.black]\n',
      { kind: 'project' as const },
      (t: Toml) => t.project.dependencies,
    ],
    [
      'a group not yet there',
      '[project]\nname = "x"\n',
      { kind: 'group' as const, name: 'dev' },
      (t: Toml) => t['dependency-groups'].dev,
    ],
    [
      'an empty inline array',
      '[project]\nname = "x"\ndependencies = []\n',
      { kind: 'project' as const },
      (t: Toml) => t.project.dependencies,
    ],
  ])('%s', (_, text, target, pick) => {
    const out = declareIn(text, target, 'humanize>=4.4.0');
    expect(pick(parse(out))).toContain('humanize>=4.4.0');
  });

  it('keeps the rest of the file as it was', () => {
    const out = declareIn(PEP621, { kind: 'project' }, 'humanize>=4.4.0');
    expect(out).toBe(
      PEP621.replace('    "packaging>=21",\n', '    "packaging>=21",\n    "humanize>=4.4.0",\n'),
    );
  });

  it('appends to a requirements file', () => {
    expect(declareIn('packaging\n', { kind: 'requirements', file: 'r.txt' }, 'humanize>=4.4.0')).toBe(
      'packaging\nhumanize>=4.4.0\n',
    );
    expect(declareIn('packaging', { kind: 'requirements', file: 'r.txt' }, 'humanize')).toBe(
      'packaging\nhumanize\n',
    );
  });
});
