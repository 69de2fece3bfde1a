import { describe, expect, it } from 'vitest';
import { chooseFixer } from '../../../src/core/strategies/choose-fixer.js';
import { shellQuote } from '../../../src/core/strategies/shell-quote.js';
import { check, diagnosis, project } from './builders.js';

const loc = (file: string) => ({ file, line: 1, column: 1 });
const ESLINT_OUT =
  "/app/src/index.js\n  3:7  error  'x' is assigned a value but never used  no-unused-vars\n\n✖ 1 problem (1 error, 0 warnings)";
const PRETTIER_OUT =
  'Checking formatting...\n[warn] src/fmt.js\n[warn] src/a b.ts\n[warn] Code style issues found in 2 files. Run Prettier with --write to fix.';
const fmt = { pattern: 'format-error', category: 'format' as const };

describe('chooseFixer', () => {
  it.each([
    [
      'the configured fix_command wins',
      { check: check({ fix_command: 'make fix' }), scripts: { 'lint:fix': 'eslint --fix .' } },
      {},
      'make fix',
    ],
    [
      'a lint:fix script',
      { check: check({ command: 'npm run lint' }), scripts: { 'lint:fix': 'eslint --fix .', fix: 'x' } },
      { text: ESLINT_OUT },
      'npm run lint:fix',
    ],
    [
      'a fix script with pnpm',
      { check: check({ command: 'pnpm lint' }), scripts: { fix: 'eslint --fix .' }, pm: 'pnpm' as const },
      { text: ESLINT_OUT },
      'pnpm run fix',
    ],
    [
      'a format script for format errors',
      {
        check: check({ command: 'npm run format:check' }),
        scripts: { format: 'prettier --write .', 'lint:fix': 'eslint --fix' },
      },
      { ...fmt, text: PRETTIER_OUT },
      'npm run format',
    ],
    [
      'not a format script that only checks',
      { check: check({ command: 'npm run fmt' }), scripts: { format: 'prettier --check .' } },
      { ...fmt, text: PRETTIER_OUT },
      "npx prettier --write -- src/fmt.js 'src/a b.ts'",
    ],
    [
      'eslint on the located files',
      { check: check() },
      { text: ESLINT_OUT, locations: [loc('src/index.js'), loc('src/index.js'), loc('src/util.js')] },
      'npx eslint --fix -- src/index.js src/util.js',
    ],
    ['eslint on the tree without locations', { check: check() }, {}, 'npx eslint --fix .'],
    [
      'prettier from the check command',
      { check: check({ command: 'npx prettier --check src' }) },
      { ...fmt },
      'npx prettier --write .',
    ],
    [
      'prettier among two tools for a format error',
      { check: check({ command: 'eslint . && prettier --check .' }) },
      { ...fmt, text: PRETTIER_OUT },
      "npx prettier --write -- src/fmt.js 'src/a b.ts'",
    ],
    [
      'eslint among two tools for a lint error',
      { check: check({ command: 'eslint . && prettier --check .' }) },
      { text: ESLINT_OUT },
      'npx eslint --fix .',
    ],
    [
      'biome',
      { check: check({ command: 'npx biome ci' }) },
      { locations: [loc('src/index.ts')] },
      'npx biome check --write -- src/index.ts',
    ],
    ['ruff check', { check: check({ command: 'ruff check .' }) }, {}, 'ruff check --fix .'],
    ['ruff format', { check: check({ command: 'ruff format --check .' }) }, { ...fmt }, 'ruff format .'],
    [
      'ruff from its output alone',
      { check: check({ command: 'make lint' }) },
      { text: 'app/a.py:1:8: F401 [*] `os` imported but unused' },
      'ruff check --fix .',
    ],
    [
      'black',
      { check: check({ command: 'black --check .' }) },
      { ...fmt, text: 'would reformat /app/app/style.py' },
      'black .',
    ],
    ['cargo fmt', { check: check({ command: 'cargo fmt --check' }) }, { ...fmt }, 'cargo fmt'],
    [
      'clippy',
      { check: check({ command: 'cargo clippy -- -D warnings' }) },
      {},
      'cargo clippy --fix --allow-dirty --allow-staged',
    ],
    ['gofmt', { check: check({ command: 'test -z "$(gofmt -l .)"' }) }, { ...fmt }, 'gofmt -w .'],
    [
      'go mod tidy for a stale go.sum',
      { check: check({ command: 'go build ./...' }) },
      {
        pattern: 'lockfile-mismatch',
        category: 'lockfile' as const,
        text: 'main.go:6:2: missing go.sum entry for module providing package x',
      },
      'go mod tidy',
    ],
    [
      'scripts are not used for a Python tool',
      { check: check({ command: 'ruff check .' }), scripts: { 'lint:fix': 'eslint --fix .' } },
      {},
      'ruff check --fix .',
    ],
    [
      'no check: recognised from the output',
      { check: null },
      { text: ESLINT_OUT, locations: [loc('src/index.js')] },
      'npx eslint --fix -- src/index.js',
    ],
  ])('%s', (_name, setup, diag, expected) => {
    const fixer = chooseFixer({
      check: setup.check,
      diagnosis: diagnosis(diag),
      project: project({
        scripts: 'scripts' in setup ? setup.scripts : {},
        packageManager: 'pm' in setup ? setup.pm : 'npm',
      }),
      isRepoFile: () => true,
    });
    expect(fixer?.command).toBe(expected);
    expect(fixer?.why).toBeTruthy();
  });

  it('returns null when no fixer is known', () => {
    expect(
      chooseFixer({
        check: check({ command: 'mvn checkstyle:check' }),
        diagnosis: diagnosis({ text: '[ERROR] Calc.java:3:8: Unused import' }),
        project: project(),
        isRepoFile: () => true,
      }),
    ).toBeNull();
  });

  it('never passes an option, an escaping path or a file the repository does not hold, and puts files after --', () => {
    const text =
      '[warn] --plugin=./evil-plugin.cjs\n[warn] ../../etc/passwd\n[warn] /etc/passwd\n[warn] src/gone.js\n[warn] src/ok.js\n[warn] -rf\n[warn] Code style issues found in 5 files.';
    const fixer = chooseFixer({
      check: check({ command: 'npx prettier --check .' }),
      diagnosis: diagnosis({ ...fmt, text }),
      project: project(),
      isRepoFile: (p) => p !== 'src/gone.js',
    });
    expect(fixer?.command).toBe('npx prettier --write -- src/ok.js');
    const none = chooseFixer({
      check: check({ command: 'npx prettier --check .' }),
      diagnosis: diagnosis({ ...fmt, text: '[warn] --plugin=./evil.cjs\n' }),
      project: project(),
      isRepoFile: () => true,
    });
    expect(none?.command).toBe('npx prettier --write .');
  });
});

describe('shellQuote', () => {
  it.each([
    ['src/index.js', 'src/index.js'],
    ['a b.ts', "'a b.ts'"],
    ["it's.js", `'it'\\''s.js'`],
    ['$(rm -rf /).js', "'$(rm -rf /).js'"],
    ['', "''"],
  ])('%s', (arg, quoted) => expect(shellQuote(arg)).toBe(quoted));
});
