import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type TestRunner = 'vitest' | 'jest' | 'pytest' | 'go';

/**
 * The project's test runner: vitest or jest from package.json (dependencies or the test script),
 * else pytest from pyproject.toml / setup.cfg / pytest.ini / tox.ini, else go test from go.mod.
 * Null when none is recognisable.
 */
export function detectTestRunner(cwd: string): TestRunner | null {
  const pkg = readJson(join(cwd, 'package.json'));
  if (pkg) {
    const deps = { ...(pkg.dependencies ?? {}), ...(pkg.devDependencies ?? {}) };
    const script = pkg.scripts?.test ?? '';
    if ('vitest' in deps || /\bvitest\b/.test(script)) return 'vitest';
    if ('jest' in deps || /\bjest\b/.test(script)) return 'jest';
  }
  if (['pytest.ini', 'setup.cfg', 'tox.ini'].some((f) => existsSync(join(cwd, f)))) return 'pytest';
  const pyproject = readText(join(cwd, 'pyproject.toml'));
  if (pyproject !== null) return 'pytest';
  if (existsSync(join(cwd, 'go.mod'))) return 'go';
  return null;
}

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
}

function readJson(path: string): PackageJson | null {
  const text = readText(path);
  if (text === null) return null;
  try {
    return JSON.parse(text) as PackageJson;
  } catch {
    return null;
  }
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}
