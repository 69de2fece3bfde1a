import { describe, expect, it } from 'vitest';
import { isTestFile } from '../../../src/core/regression/is-test-file.js';
import {
  DID_NOT_RUN,
  parseGoTestJson,
  parseJestJson,
  parseJunitXml,
} from '../../../src/core/regression/parse-test-reports.js';

describe('parseJestJson (vitest and jest)', () => {
  it('counts passed and failed tests per file, names them, skips the skipped, and flags a file that did not load', () => {
    const report = JSON.stringify({
      testResults: [
        {
          name: '/r/test/a.test.ts',
          status: 'failed',
          assertionResults: [
            { title: 'ok', ancestorTitles: ['suite'], status: 'passed' },
            { title: 'bad', ancestorTitles: ['suite', 'inner'], status: 'failed' },
            { title: 'later', ancestorTitles: [], status: 'skipped' },
          ],
        },
        { name: '/r/test/b.test.ts', status: 'failed', message: 'Cannot find module', assertionResults: [] },
      ],
    });
    const results = parseJestJson(report, (name) => name.replace('/r/', ''));
    expect([...results.values()]).toEqual([
      {
        file: 'test/a.test.ts',
        test_count: 2,
        pass_count: 1,
        fail_count: 1,
        failing: ['suite > inner > bad'],
      },
      { file: 'test/b.test.ts', test_count: 1, pass_count: 0, fail_count: 1, failing: [DID_NOT_RUN] },
    ]);
  });
});

describe('parseJunitXml (pytest)', () => {
  it('reads cases, failures, errors and skips', () => {
    const xml = `<?xml version="1.0"?><testsuites><testsuite>
<testcase classname="tests.test_cart" name="test_total" file="tests/test_cart.py" time="0.1" />
<testcase classname="tests.test_cart.TestCart" name="test_empty &amp; more" file="tests/test_cart.py"><failure message="x">boom</failure></testcase>
<testcase classname="tests.test_cart" name="test_skip" file="tests/test_cart.py"><skipped message="no" /></testcase>
<testcase classname="" name="tests.test_bad"><error message="collection failure">ImportError</error></testcase>
</testsuite></testsuites>`;
    const results = parseJunitXml(
      xml,
      (a) => a.file ?? (a.name === 'tests.test_bad' ? 'tests/test_bad.py' : null),
    );
    expect(results.get('tests/test_cart.py')).toEqual({
      file: 'tests/test_cart.py',
      test_count: 2,
      pass_count: 1,
      fail_count: 1,
      failing: ['TestCart > test_empty & more'],
    });
    expect(results.get('tests/test_bad.py')?.fail_count).toBe(1);
  });
});

describe('parseGoTestJson', () => {
  it('counts tests per package and flags a package that failed to build', () => {
    const lines = [
      { Action: 'run', Package: 'ex.com/a', Test: 'TestX' },
      { Action: 'pass', Package: 'ex.com/a', Test: 'TestX' },
      { Action: 'fail', Package: 'ex.com/a', Test: 'TestY' },
      { Action: 'fail', Package: 'ex.com/a' },
      { Action: 'output', Package: 'ex.com/b', Output: 'FAIL [build failed]' },
      { Action: 'fail', Package: 'ex.com/b' },
    ]
      .map((e) => JSON.stringify(e))
      .join('\n');
    const results = parseGoTestJson(`# not json\n${lines}\n`);
    expect(results.get('ex.com/a')).toEqual({
      file: 'ex.com/a',
      test_count: 2,
      pass_count: 1,
      fail_count: 1,
      failing: ['TestY'],
    });
    expect(results.get('ex.com/b')?.failing).toEqual([DID_NOT_RUN]);
  });
});

describe('isTestFile', () => {
  it.each([
    ['test/a.test.ts', true],
    ['src/b.spec.jsx', true],
    ['src/__tests__/c.ts', true],
    ['tests/test_x.py', true],
    ['pkg/x_test.py', true],
    ['internal/m/m_test.go', true],
    ['src/latest.ts', false],
    ['src/contest.py', false],
    ['src/test-utils.ts', false],
  ])('%s → %s', (path, expected) => expect(isTestFile(path)).toBe(expected));
});
