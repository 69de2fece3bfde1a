import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { analyzeText } from '../../../src/core/analyze/create-analyzer.js';
import { effectiveCatalogue } from '../../../src/core/patterns/effective-catalogue.js';
import { missingModule, nodePackageName } from '../../../src/core/strategies/missing-module.js';
import { REPO_ROOT } from '../../helpers/temp-repo.js';
import { diagnosis } from './builders.js';

const LOGS = join(REPO_ROOT, 'test/fixtures/logs');
const manifest = parse(readFileSync(join(LOGS, 'manifest.yml'), 'utf8')) as {
  file: string;
  expect: { pattern: string };
}[];
const importLogs = manifest.filter((e) => e.expect.pattern === 'import-not-found').map((e) => e.file);

/**
 * What each import-not-found log in the corpus names: a package to install, or nothing (a missing file,
 * another ecosystem).
 */
const EXPECTED: Record<string, { name: string; ecosystem: string } | null> = {
  'eslint/config-missing-plugin.log': { name: 'typescript-eslint', ecosystem: 'node' },
  'tsc/ts2307-cannot-find-module.log': { name: 'zod', ecosystem: 'node' },
  'vitest/import-missing.log': null,
  'jest/cannot-find-module.log': null,
  'node/err-module-not-found.log': null,
  'npm/e404-not-found.log': null,
  'webpack/module-not-found.log': null,
  'vite/unresolved-import.log': null,
  'esbuild/could-not-resolve.log': null,
  'python/pytest-module-not-found.log': { name: 'requests_mock', ecosystem: 'python' },
  'go/no-required-module.log': { name: 'github.com/google/uuid', ecosystem: 'go' },
  'go/no-required-module-mod-mod.log': { name: 'github.com/google/uuid', ecosystem: 'go' },
  'rust/unresolved-crate.log': null,
  'java/javac-package-does-not-exist.log': null,
  'ci/gha-missing-package-fails-suites.log': { name: 'axios', ecosystem: 'node' },
};

describe('missingModule on the corpus of import-not-found logs', () => {
  const catalogue = effectiveCatalogue();
  it('covers every import-not-found log of the manifest', () => {
    expect(importLogs.sort()).toEqual(Object.keys(EXPECTED).sort());
  });
  it.each(importLogs)('%s', (file) => {
    const d = analyzeText(catalogue, readFileSync(join(LOGS, file), 'utf8'));
    expect(d.pattern).toBe('import-not-found');
    const found = missingModule(d);
    expect(found === null ? null : { name: found.name, ecosystem: found.ecosystem }).toEqual(EXPECTED[file]);
  });
});

describe('missingModule on single messages', () => {
  it.each([
    ["Error: Cannot find module 'lodash/fp'", 'lodash'],
    ["Cannot find package '@scope/pkg/sub/path' imported from /a/b.js", '@scope/pkg'],
    [
      "src/a.ts(1,1): error TS2307: Cannot find module '@types/node' or its corresponding type declarations.",
      '@types/node',
    ],
    ["Module not found: Error: Can't resolve 'react-dom/client' in '/app/src'", 'react-dom'],
    ['✘ [ERROR] Could not resolve "chalk"', 'chalk'],
    ['[vite] Failed to resolve import "dayjs" from "src/a.ts". Does the file exist?', 'dayjs'],
    ["ModuleNotFoundError: No module named 'yaml.parser'", 'yaml'],
    [
      'src/app.py:1: error: Cannot find implementation or library stub for module named "requests.adapters"  [import-not-found]',
      'requests',
    ],
    ["Error: Cannot find module 'node:fs'", null],
    ["Error: Cannot find module 'fs'", null],
    ["Error: Cannot find module './utils'", null],
    ["Error: Cannot find module '../lib/x.js'", null],
    [
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/home/runner/app/src/x.js' imported from /home/runner/app/a.js",
      null,
    ],
    ["Cannot find module '#internal/x'", null],
    ["ImportError: No module named '.sibling'", null],
    ['all good', null],
  ])('%s', (text, name) => {
    expect(missingModule(diagnosis({ text }))?.name ?? null).toBe(name);
  });

  it('takes the first package when a missing file is named first', () => {
    const text =
      "a.ts(1,1): error TS2307: Cannot find module './x.js'\na.ts(2,1): error TS2307: Cannot find module 'zod'";
    expect(missingModule(diagnosis({ text }))).toEqual({ name: 'zod', ecosystem: 'node', specifier: 'zod' });
  });

  it.each([
    ['lodash', 'lodash'],
    ['lodash/fp', 'lodash'],
    ['@a/b', '@a/b'],
    ['@a/b/c', '@a/b'],
    ['@a', null],
    ['node:path', null],
    ['path', null],
    ['C:\\x\\y.js', null],
    ['file:///x.js', null],
    ['', null],
    ['UPPER_ok', 'UPPER_ok'],
  ])('nodePackageName(%j) = %j', (spec, name) => expect(nodePackageName(spec)).toBe(name));
});
