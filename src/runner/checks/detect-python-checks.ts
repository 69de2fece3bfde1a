import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Check } from '../../core/config/schema.js';
import { detectedCheck, hasProjectFile, readProjectFile } from './read-project-file.js';

/** Files that make a directory a Python project. */
const MANIFESTS = ['pyproject.toml', 'setup.cfg', 'setup.py', 'requirements.txt'];
const TEST_FILE = /^(test_.*|.*_test)\.py$|^conftest\.py$/;
/** Directories that hold no tests of the project's own (virtualenvs, caches, other ecosystems). */
const SKIP_DIR = /^(\.|node_modules$|__pycache__$|venv$|env$|site-packages$|build$|dist$|target$)/;
const SEARCH_DEPTH = 3;

/**
 * ruff, black, isort and mypy when the project configures them (a tool that is not configured is not
 * part of the project's bar), pytest when there are tests to collect — pytest fails (exit 5) when it
 * finds none.
 * TOML tables are recognised by their headers: enough to know a tool is configured, without a parser.
 */
export async function detectPythonChecks(cwd: string): Promise<Check[] | null> {
  const present = await Promise.all(MANIFESTS.map((f) => hasProjectFile(cwd, f)));
  if (!present.some(Boolean)) return null;
  const pyproject = (await readProjectFile(cwd, 'pyproject.toml')) ?? '';
  const setupCfg = (await readProjectFile(cwd, 'setup.cfg')) ?? '';
  const table = (text: string, name: string): boolean =>
    new RegExp(String.raw`^\s*\[${name.replace(/\./g, '\\.')}[\].]`, 'm').test(text);
  const anyFile = async (...files: string[]): Promise<boolean> =>
    (await Promise.all(files.map((f) => hasProjectFile(cwd, f)))).some(Boolean);

  const checks: Check[] = [];
  if (table(pyproject, 'tool.ruff') || (await anyFile('ruff.toml', '.ruff.toml'))) {
    checks.push(detectedCheck('ruff', 'lint', 'ruff check .'));
  }
  if (table(pyproject, 'tool.black')) checks.push(detectedCheck('black', 'lint', 'black --check .'));
  if (
    table(pyproject, 'tool.isort') ||
    table(setupCfg, 'isort') ||
    table(setupCfg, 'tool:isort') ||
    (await anyFile('.isort.cfg'))
  )
    checks.push(detectedCheck('isort', 'lint', 'isort --check-only --diff .'));
  if (table(pyproject, 'tool.mypy') || table(setupCfg, 'mypy') || (await anyFile('mypy.ini', '.mypy.ini'))) {
    checks.push(detectedCheck('mypy', 'type', 'mypy .'));
  }
  if (await hasPythonTests(cwd, SEARCH_DEPTH))
    checks.push(detectedCheck('pytest', 'test', 'python3 -m pytest -q'));
  return checks;
}

/** Whether a test file lies within `depth` levels: a bounded walk, so a huge tree costs little. */
async function hasPythonTests(dir: string, depth: number): Promise<boolean> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  if (entries.some((e) => e.isFile() && TEST_FILE.test(e.name))) return true;
  if (depth === 0) return false;
  for (const entry of entries) {
    if (
      entry.isDirectory() &&
      !SKIP_DIR.test(entry.name) &&
      (await hasPythonTests(join(dir, entry.name), depth - 1))
    )
      return true;
  }
  return false;
}
