import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mochaSpecGlobs, pytestGlobs, scriptTestGlobs } from '../../core/strategies/test-file-globs.js';

const read = (file: string): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

const MOCHARC = [
  '.mocharc.json',
  '.mocharc.jsonc',
  '.mocharc.yml',
  '.mocharc.yaml',
  '.mocharc.js',
  '.mocharc.cjs',
];

/**
 * The test files a Node package's runner runs, relative to the package folder `dir`: what its test
 * scripts name (`mocha tests.js`), mocha's `spec` (.mocharc, package.json `mocha`) and jest's
 * `testMatch`. Read from the runner's own config, not guessed from file names.
 */
export function nodeTestGlobs(dir: string): string[] {
  let manifest: { scripts?: Record<string, unknown>; mocha?: unknown; jest?: { testMatch?: unknown } } = {};
  try {
    manifest = JSON.parse(read(join(dir, 'package.json')) || '{}') as typeof manifest;
  } catch {
    // A broken package.json: no globs from it (dependency_check says what is wrong with it).
  }
  const scripts = Object.fromEntries(
    Object.entries(manifest.scripts ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const jest = Array.isArray(manifest.jest?.testMatch)
    ? manifest.jest.testMatch
        .filter((g): g is string => typeof g === 'string')
        .map((g) => g.replace(/^<rootDir>\//, ''))
    : [];
  return [
    ...scriptTestGlobs(scripts),
    ...mochaSpecGlobs(manifest.mocha === undefined ? '' : JSON.stringify(manifest.mocha)),
    ...MOCHARC.flatMap((f) => mochaSpecGlobs(read(join(dir, f)))),
    ...jest,
  ];
}

/** pytest's test folders and file globs (pyproject, pytest.ini, setup.cfg, tox.ini). */
export function pythonTestGlobs(cwd: string): string[] {
  const pyproject = read(join(cwd, 'pyproject.toml'));
  const section =
    /^\[tool\.pytest\.ini_options\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(pyproject)?.[1] ?? '';
  const ini = ['pytest.ini', 'setup.cfg', 'tox.ini']
    .map((f) => /^\[(?:tool:)?pytest\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(read(join(cwd, f)))?.[1] ?? '')
    .join('\n');
  return pytestGlobs(`${section}\n${ini}`);
}
