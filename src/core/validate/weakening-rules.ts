/**
 * The built-in rules of the weakened_checks gate: what a change may not do to make a check pass
 * without fixing the cause. A line rule fires on a line the change adds (`added`) or removes
 * (`removed`) that matches, in a file its `paths` globs match ([] = any file), unless the same text
 * goes the other way elsewhere in the change (a moved line is not a new one).
 */
export interface LineRule {
  id: string;
  /** What the change does, completing "the change …": "skips a test". */
  does: string;
  paths: readonly string[];
  added?: RegExp;
  removed?: RegExp;
}

/** Rules that count or compare lines instead of matching one line (see detect-weakened-checks). */
export const COUNTING_RULES = {
  'tests-removed': 'removes tests',
  'assertions-removed': 'removes assertions from tests',
  'expected-values-changed':
    "changes tests' expected values while a test check was failing (fix the code under test instead)",
  'coverage-lowered': 'lowers or removes a coverage threshold',
  'check-command-edited': 'edits the command a configured check runs',
} as const;
export type CountingRuleId = keyof typeof COUNTING_RULES;

const JS = '**/*.{js,jsx,ts,tsx,mjs,cjs,mts,cts,vue,svelte}';
const JS_TESTS = [
  '**/*.{test,spec}.{js,jsx,ts,tsx,mjs,cjs,mts,cts}',
  '**/{test,tests,__tests__,spec,e2e}/**/*.{js,jsx,ts,tsx,mjs,cjs,mts,cts}',
];
/**
 * Where tests live, by the conventions of the usual runners (vitest/jest/mocha, pytest, go, JUnit, RSpec,
 * cargo).
 */
export const TEST_PATHS: readonly string[] = [
  ...JS_TESTS,
  '**/test_*.py',
  '**/*_test.py',
  '**/{test,tests}/**/*.py',
  '**/*_test.go',
  '**/*{Test,Tests}.{java,kt,scala}',
  '**/src/test/**',
  '**/*_{spec,test}.rb',
  '**/{test,tests}/**/*.rs',
];
const SCRIPTS = [
  '**/package.json',
  '**/Makefile',
  '**/*.mk',
  '**/{justfile,Justfile}',
  '**/*.{sh,bash}',
  '**/*.{yml,yaml,toml,cfg,ini}',
  '**/Taskfile*',
];
const ESLINT_CONFIG = ['**/eslint.config.*', '**/.eslintrc', '**/.eslintrc.*'];
const PY_CONFIG = [
  '**/pyproject.toml',
  '**/setup.cfg',
  '**/tox.ini',
  '**/.flake8',
  '**/{ruff,.ruff}.toml',
  '**/mypy.ini',
  '**/.mypy.ini',
  '**/.pylintrc',
  '**/pylintrc',
];
const TSCONFIG = ['**/tsconfig*.json', '**/jsconfig*.json'];
const STRICT_FLAGS =
  'strict|noImplicitAny|strictNullChecks|strictFunctionTypes|strictBindCallApply|strictPropertyInitialization|noImplicitThis|alwaysStrict|noImplicitReturns|noUncheckedIndexedAccess|exactOptionalPropertyTypes|noFallthroughCasesInSwitch';

export const LINE_RULES: readonly LineRule[] = [
  // Tests skipped, disabled or focused (`.only` skips every other test).
  {
    id: 'js-test-skipped',
    does: 'skips, focuses or marks a test as todo',
    paths: [JS],
    added:
      /\b(?:it|test|describe|suite|context|bench)\s*\.\s*(?:skip|todo|only|skipIf|fails)\b|\b[xf](?:it|describe|test|context)\s*\(/,
  },
  {
    id: 'test-pending',
    does: 'marks a test as pending',
    paths: [...JS_TESTS, '**/*_{spec,test}.rb'],
    added: /(?:^|[^.\w])pending\s*[(\s'"]/,
  },
  {
    id: 'py-test-skipped',
    does: 'skips a test',
    paths: ['**/*.py'],
    added:
      /@pytest\.mark\.(?:skip|skipif|xfail)\b|\bpytest\.(?:skip|xfail)\s*\(|\bunittest\.(?:skip|skipIf|skipUnless|expectedFailure)\b|\.skipTest\s*\(/,
  },
  {
    id: 'go-test-skipped',
    does: 'skips a test',
    paths: ['**/*_test.go'],
    added: /\b[tb]\.Skip(?:f|Now)?\s*\(/,
  },
  { id: 'rust-test-ignored', does: 'ignores a test', paths: ['**/*.rs'], added: /#\[ignore\b/ },
  {
    id: 'jvm-test-disabled',
    does: 'disables a test',
    paths: ['**/*.{java,kt,scala}'],
    added: /@(?:Disabled|Ignore)\b/,
  },
  {
    id: 'ruby-test-skipped',
    does: 'skips a test',
    paths: ['**/*_{spec,test}.rb'],
    added: /(?:^|\s)(?:xit|xdescribe|xcontext|skip)\b/,
  },
  // Warnings and errors suppressed where they are reported.
  { id: 'eslint-disable', does: 'adds an eslint-disable comment', paths: [], added: /eslint-disable/ },
  {
    id: 'ts-ignore',
    does: 'adds @ts-ignore, @ts-expect-error or @ts-nocheck',
    paths: [],
    added: /@ts-(?:ignore|expect-error|nocheck)\b/,
  },
  {
    id: 'py-type-ignore',
    does: 'adds a `# type: ignore` or `# pyright: ignore`',
    paths: [],
    added: /#\s*(?:type|pyright):\s*ignore\b|#\s*mypy:\s*ignore-errors/,
  },
  { id: 'py-noqa', does: 'adds a `# noqa`', paths: [], added: /#\s*noqa\b/i },
  { id: 'pylint-disable', does: 'adds a `# pylint: disable`', paths: [], added: /pylint:\s*disable/ },
  { id: 'go-nolint', does: 'adds a `//nolint`', paths: [], added: /\/\/\s*nolint\b/ },
  { id: 'rust-allow', does: 'adds an `#[allow(...)]`', paths: ['**/*.rs'], added: /#!?\[allow\s*\(/ },
  { id: 'jvm-suppress-warnings', does: 'adds @SuppressWarnings', paths: [], added: /@SuppressWarnings\b/ },
  { id: 'rubocop-disable', does: 'adds a `rubocop:disable`', paths: [], added: /rubocop:\s*disable/ },
  {
    id: 'coverage-ignore',
    does: 'excludes code from coverage',
    paths: [],
    added: /\b(?:istanbul|c8|v8)\s+ignore\b|pragma:\s*no\s*cover/,
  },
  // Checks loosened where they are configured.
  {
    id: 'lint-rule-off',
    does: 'turns a lint rule off',
    paths: [...ESLINT_CONFIG, '**/package.json'],
    added: /['"][\w@/-]+['"]\s*:\s*(?:['"]off['"]|0\b|\[\s*(?:['"]off['"]|0\b))/,
  },
  {
    id: 'lint-files-ignored',
    does: 'excludes files from linting',
    paths: ESLINT_CONFIG,
    added: /\b(?:ignores|ignorePatterns)\b/,
  },
  {
    id: 'py-lint-ignored',
    does: 'ignores a lint rule or file',
    paths: PY_CONFIG,
    added: /^\s*(?:extend-)?(?:ignore|per-file-ignores|disable|exclude|extend-exclude)\s*=/,
  },
  {
    id: 'golangci-disabled',
    does: 'disables a linter',
    paths: ['**/.golangci.{yml,yaml,toml,json}'],
    added: /\b(?:disable|disable-all|exclude-rules|exclude)\b\s*:/,
  },
  {
    id: 'tsconfig-loosened',
    does: 'turns a TypeScript strictness flag off',
    paths: TSCONFIG,
    added: new RegExp(
      `"(?:${STRICT_FLAGS})"\\s*:\\s*false|"(?:skipLibCheck|allowJs)"\\s*:\\s*true|"checkJs"\\s*:\\s*false`,
    ),
  },
  {
    id: 'tsconfig-strict-removed',
    does: 'removes a TypeScript strictness flag',
    paths: TSCONFIG,
    removed: new RegExp(`"(?:${STRICT_FLAGS})"\\s*:\\s*true`),
  },
  {
    id: 'mypy-loosened',
    does: 'loosens mypy',
    paths: PY_CONFIG,
    added:
      /^\s*(?:ignore_missing_imports|ignore_errors)\s*=\s*[Tt]rue|^\s*(?:strict|disallow_\w+|check_untyped_defs)\s*=\s*[Ff]alse/,
  },
  {
    id: 'pass-with-no-tests',
    does: 'lets a test run pass with no tests',
    paths: [],
    added: /--?passWithNoTests|passWithNoTests\s*:\s*true|--pass-with-no-tests/,
  },
  {
    id: 'failure-ignored',
    does: "ignores a command's failure (`|| true`, `continue-on-error`, `set +e`)",
    paths: SCRIPTS,
    added:
      /\|\|\s*(?:true|:|exit\s+0)\b|continue-on-error\s*:\s*true|^\s*set\s+\+e\b|;\s*exit\s+0\s*['"]?\s*,?$/,
  },
];
