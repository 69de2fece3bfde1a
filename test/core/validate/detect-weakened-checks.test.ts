import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../../src/core/config/schema.js';
import type { ChangedFileStatus } from '../../../src/core/validate/change-facts.js';
import { detectWeakenedChecks } from '../../../src/core/validate/detect-weakened-checks.js';
import { weakeningPolicy, type FileChange } from '../../../src/core/validate/weakening-policy.js';
import { weakeningSettings } from '../../../src/core/validate/weakening-settings.js';

/** A file's change from `-old` / `+new` lines, numbered from 1 on each side. */
function change(path: string, lines: string[], status: ChangedFileStatus = 'modified'): FileChange {
  const side = (sign: string) =>
    lines.filter((l) => l.startsWith(sign)).map((l, i) => ({ line: i + 1, text: l.slice(1) }));
  return { path, status, added: side('+'), removed: side('-') };
}

const CHECKS = [
  { name: 'test', type: 'test', command: 'npm test' },
  { name: 'lint', type: 'lint', command: 'bash scripts/lint.sh' },
];
function judge(files: FileChange[], options: { weakened_checks?: unknown; testCheckFailing?: boolean } = {}) {
  const config = ConfigSchema.parse({
    version: 1,
    checks: CHECKS,
    ...(options.weakened_checks ? { weakened_checks: options.weakened_checks } : {}),
  });
  const policy = weakeningPolicy(weakeningSettings(config.weakened_checks), {
    checks: config.checks,
    testCheckFailing: options.testCheckFailing ?? true,
  });
  return policy === null ? [] : detectWeakenedChecks(files, policy);
}
const rules = (violations: { message: string }[]) =>
  violations.map((v) => /\[([\w-]+)\]/.exec(v.message)?.[1]);

// Each way of making a check pass without fixing its cause, and the rule that refuses it.
const CHEATS: [string, FileChange[], string][] = [
  [
    'it.skip',
    [change('src/a.test.ts', ["-it('adds', () => {", "+it.skip('adds', () => {"])],
    'js-test-skipped',
  ],
  ['describe.skip', [change('test/a.spec.js', ["+describe.skip('suite', () => {"])], 'js-test-skipped'],
  ['xit', [change('test/math.js', ["-  it('adds', () => {", "+  xit('adds', () => {"])], 'js-test-skipped'],
  [
    'it.todo',
    [change('src/a.test.ts', ["-it('adds', () => { expect(add(1, 2)).toBe(3); });", "+it.todo('adds');"])],
    'js-test-skipped',
  ],
  [
    'it.only',
    [change('src/a.test.ts', ["-it('subtracts', () => {", "+it.only('subtracts', () => {"])],
    'js-test-skipped',
  ],
  ['pending()', [change('spec/a.spec.js', ["+    pending('flaky');"])], 'test-pending'],
  [
    '@pytest.mark.skip',
    [change('tests/test_math.py', ['+@pytest.mark.skip(reason="later")'])],
    'py-test-skipped',
  ],
  ['unittest.skip', [change('tests/test_math.py', ['+    @unittest.skip("broken")'])], 'py-test-skipped'],
  ['self.skipTest', [change('pkg/test_x.py', ['+        self.skipTest("nope")'])], 'py-test-skipped'],
  ['t.Skip', [change('calc/calc_test.go', ['+\tt.Skip("flaky")'])], 'go-test-skipped'],
  ['#[ignore]', [change('src/lib.rs', ['+    #[ignore]'])], 'rust-test-ignored'],
  ['@Disabled', [change('src/test/java/CalcTest.java', ['+    @Disabled'])], 'jvm-test-disabled'],
  ['@Ignore', [change('src/test/java/CalcTest.java', ['+    @Ignore("later")'])], 'jvm-test-disabled'],
  [
    'a test removed',
    [change('src/a.test.ts', ["-it('subtracts', () => {", '-  expect(sub(3, 1)).toBe(2);', '-});'])],
    'tests-removed',
  ],
  [
    'a test file deleted',
    [change('tests/test_math.py', ['-def test_add():', '-    assert add(1, 2) == 3'], 'deleted')],
    'tests-removed',
  ],
  [
    'a go test removed',
    [
      change('calc/calc_test.go', [
        '-func TestAdd(t *testing.T) {',
        '-\tif Add(1, 2) != 3 {',
        '-\t\tt.Errorf("wrong")',
        '-\t}',
        '-}',
      ]),
    ],
    'tests-removed',
  ],
  [
    'an assertion removed',
    [change('src/a.test.ts', ['-  expect(add(1, 2)).toBe(3);'])],
    'assertions-removed',
  ],
  [
    'a python assert removed',
    [change('tests/test_math.py', ['-    assert add(1, 2) == 3', '+    add(1, 2)'])],
    'assertions-removed',
  ],
  [
    'an expected value changed',
    [change('src/a.test.ts', ['-  expect(add(1, 2)).toBe(3);', '+  expect(add(1, 2)).toBe(4);'])],
    'expected-values-changed',
  ],
  [
    'a go want changed',
    [change('calc/calc_test.go', ['-\twant := 3', '+\twant := 4'])],
    'expected-values-changed',
  ],
  ['eslint-disable', [change('src/a.ts', ['+// eslint-disable-next-line no-unused-vars'])], 'eslint-disable'],
  ['@ts-ignore', [change('src/a.ts', ['+  // @ts-ignore'])], 'ts-ignore'],
  ['@ts-expect-error', [change('src/a.ts', ['+  // @ts-expect-error wrong type'])], 'ts-ignore'],
  ['@ts-nocheck', [change('src/a.ts', ['+// @ts-nocheck'])], 'ts-ignore'],
  [
    '# type: ignore',
    [change('pkg/m.py', ['-x: int = f()', '+x: int = f()  # type: ignore'])],
    'py-type-ignore',
  ],
  ['# noqa', [change('pkg/m.py', ['+import os  # noqa: F401'])], 'py-noqa'],
  ['# pylint: disable', [change('pkg/m.py', ['+# pylint: disable=unused-import'])], 'pylint-disable'],
  ['//nolint', [change('calc/calc.go', ['+\tx := 1 //nolint:ineffassign'])], 'go-nolint'],
  ['#[allow(...)]', [change('src/lib.rs', ['+#[allow(dead_code)]'])], 'rust-allow'],
  [
    '@SuppressWarnings',
    [change('src/main/java/A.java', ['+@SuppressWarnings("unchecked")'])],
    'jvm-suppress-warnings',
  ],
  ['rubocop:disable', [change('lib/a.rb', ['+# rubocop:disable Metrics/AbcSize'])], 'rubocop-disable'],
  ['a lint rule off', [change('eslint.config.js', ["+    'no-unused-vars': 'off',"])], 'lint-rule-off'],
  [
    'a lint rule set to 0',
    [change('.eslintrc.json', ['-    "eqeqeq": "error",', '+    "eqeqeq": 0,'])],
    'lint-rule-off',
  ],
  [
    'files excluded from eslint',
    [change('eslint.config.js', ["+  { ignores: ['src/**'] },"])],
    'lint-files-ignored',
  ],
  ['ruff ignore', [change('pyproject.toml', ['+ignore = ["F401"]'])], 'py-lint-ignored'],
  [
    'strict off',
    [change('tsconfig.json', ['-    "strict": true,', '+    "strict": false,'])],
    'tsconfig-loosened',
  ],
  [
    'noImplicitAny off',
    [change('tsconfig.build.json', ['+    "noImplicitAny": false,'])],
    'tsconfig-loosened',
  ],
  ['strict removed', [change('tsconfig.json', ['-    "strict": true,'])], 'tsconfig-strict-removed'],
  ['mypy loosened', [change('mypy.ini', ['+ignore_errors = True'])], 'mypy-loosened'],
  [
    'coverage lowered',
    [change('vitest.config.ts', ['-      thresholds: { lines: 90 },', '+      thresholds: { lines: 50 },'])],
    'coverage-lowered',
  ],
  [
    'fail_under lowered',
    [change('.coveragerc', ['-fail_under = 85', '+fail_under = 60'])],
    'coverage-lowered',
  ],
  [
    '--passWithNoTests',
    [change('package.json', ['-    "test": "vitest run",', '+    "test": "vitest run --passWithNoTests",'])],
    'pass-with-no-tests',
  ],
  ['|| true', [change('Makefile', ['-\tpytest', '+\tpytest || true'])], 'failure-ignored'],
  ['continue-on-error', [change('ci/steps.yml', ['+    continue-on-error: true'])], 'failure-ignored'],
  [
    "a check's npm script edited",
    [change('package.json', ['-    "test": "vitest run",', '+    "test": "echo ok",'])],
    'check-command-edited',
  ],
  [
    "a check's script file edited",
    [change('scripts/lint.sh', ['-eslint .', '+echo fine'])],
    'check-command-edited',
  ],
];

describe('detectWeakenedChecks', () => {
  it.each(CHEATS)('refuses %s, naming the rule and the line', (_name, files, rule) => {
    const violations = judge(files);
    expect(rules(violations)).toContain(rule);
    const violation = violations.find((v) => v.message.includes(`[${rule}]`));
    expect(violation).toMatchObject({ gate: 'weakened_checks', path: files[0]?.path });
    expect(violation?.message).toMatch(/line \d+|→/);
  });

  // Honest fixes: the cause is fixed, nothing is hidden.
  const HONEST: [string, FileChange[]][] = [
    ['a source fix', [change('src/math.ts', ['-  return a - b;', '+  return a + b;'])]],
    ['a python fix', [change('pkg/calc.py', ['-    return a - b', '+    return a + b'])]],
    ['a go fix', [change('calc/calc.go', ['-\treturn a - b', '+\treturn a + b'])]],
    [
      'a test renamed into another file',
      [
        change(
          'src/old.test.ts',
          ["-it('adds', () => {", '-  expect(add(1, 2)).toBe(3);', '-});'],
          'deleted',
        ),
        change('src/math.test.ts', ["+it('adds', () => {", '+  expect(add(1, 2)).toBe(3);', '+});'], 'added'),
      ],
    ],
    [
      'a test added',
      [change('src/a.test.ts', ["+it('subtracts', () => {", '+  expect(sub(3, 1)).toBe(2);', '+});'])],
    ],
    [
      'a suppression removed',
      [change('src/a.ts', ['-// eslint-disable-next-line no-console', '-console.log(x);'])],
    ],
    [
      'a suppressed line re-indented',
      [change('src/a.ts', ['-// @ts-expect-error legacy', '+  // @ts-expect-error legacy'])],
    ],
    [
      'an import fixed in a test file',
      [change('src/a.test.ts', ["-import { add } from './maths';", "+import { add } from './math';"])],
    ],
    [
      'coverage raised',
      [
        change('vitest.config.ts', [
          '-      thresholds: { lines: 80 },',
          '+      thresholds: { lines: 90 },',
        ]),
      ],
    ],
    ['strict turned on', [change('tsconfig.json', ['-    "strict": false,', '+    "strict": true,'])]],
    [
      'a dependency bumped in package.json',
      [change('package.json', ['-    "left-pad": "1.0.0",', '+    "left-pad": "1.3.0",'])],
    ],
    ['`a || true` in code', [change('src/a.ts', ['+const enabled = flag || true;'])]],
  ];
  it.each(HONEST)('accepts %s', (_name, files) => {
    expect(judge(files)).toEqual([]);
  });

  it('lets a test change its expected values when no test check is failing, or when the config allows it', () => {
    const files = [
      change('src/a.test.ts', ['-  expect(add(1, 2)).toBe(3);', '+  expect(add(1, 2)).toBe(4);']),
    ];
    expect(judge(files, { testCheckFailing: false })).toEqual([]);
    expect(judge(files, { weakened_checks: { expected_values: 'allow' } })).toEqual([]);
  });

  it('quotes the refused lines exactly, with their numbers on each side', () => {
    const [violation] = judge([
      change('src/a.test.ts', ['-  expect(add(1, 2)).toBe(3);', '+  expect(add(1, 2)).toBe(4);']),
    ]);
    expect(violation?.message).toBe(
      "changes tests' expected values while a test check was failing (fix the code under test instead) [expected-values-changed]: old line 1: `expect(add(1, 2)).toBe(3);` → line 1: `expect(add(1, 2)).toBe(4);`",
    );
  });

  it('relaxes a rule per path, switches rules off, adds rules of its own, and can be switched off', () => {
    const generated = change('src/generated/api.ts', ['+/* eslint-disable */']);
    const settings = { allow: [{ rules: ['eslint-disable'], paths: ['src/generated/**'] }] };
    expect(judge([generated], { weakened_checks: settings })).toEqual([]);
    expect(
      rules(judge([change('src/a.ts', ['+/* eslint-disable */'])], { weakened_checks: settings })),
    ).toEqual(['eslint-disable']);
    expect(
      judge([change('pkg/m.py', ['+import os  # noqa'])], { weakened_checks: { disable: ['py-noqa'] } }),
    ).toEqual([]);
    const own = {
      add: [
        { id: 'no-cover', does: 'excludes code from coverage', added: '/no\\s+cover/', paths: ['**/*.go'] },
      ],
    };
    expect(rules(judge([change('a/b.go', ['+// no cover'])], { weakened_checks: own }))).toEqual([
      'no-cover',
    ]);
    expect(
      judge([change('src/a.test.ts', ["+it.skip('x', () => {})"])], { weakened_checks: { enabled: false } }),
    ).toEqual([]);
  });

  it('rejects a config naming a rule that does not exist, with a suggestion', () => {
    const parsed = ConfigSchema.safeParse({ version: 1, weakened_checks: { disable: ['eslint-disabel'] } });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('did you mean \\"eslint-disable\\"?');
  });
});
