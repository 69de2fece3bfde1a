import { describe, expect, it } from 'vitest';
import { errorHeadline } from '../../../src/core/report/error-headline.js';

describe('errorHeadline', () => {
  it.each([
    [
      'vitest: the assertion, not the banner or the timed test line',
      " RUN  v4.1.12 /tmp/closed-loop-repo-x\n\n ❯ src/slug.test.js (1 test | 1 failed) 25ms\n   × joins words with dashes 20ms\n\n FAIL  src/slug.test.js > joins words with dashes\nAssertionError: expected 'hello_world' to be 'hello-world' // Object.is equality\n",
      "AssertionError: expected 'hello_world' to be 'hello-world' // Object.is equality",
    ],
    [
      'node:test',
      'not ok 1 - adds\n  ---\n  error: |-\n    Expected values to be strictly equal:\n  AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:',
      'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:',
    ],
    [
      'pytest',
      'FAILED tests/test_x.py::test_add\n    def test_add():\nE       assert 3 == 4',
      'E       assert 3 == 4'.trim(),
    ],
    [
      'a test line without an assertion loses its timing',
      ' RUN  v4.1.12 /tmp/x\n   × converts dashes 6ms\n',
      '× converts dashes',
    ],
    [
      'go test',
      '--- FAIL: TestAdd (0.00s)\n    add_test.go:9: Add(2, 2) = 5, want 4',
      'add_test.go:9: Add(2, 2) = 5, want 4',
    ],
    [
      'npm echo skipped; a timing in an ordinary error is kept',
      '> p@1.0.0 build\n> tsc\n\nerror: the build timed out after 5s',
      'error: the build timed out after 5s',
    ],
    [
      // As an Actions job log gives a failed `npm ci` step (the npm-network-error.log fixture's shape).
      'a GitHub Actions step whose only output is npm failing: what npm says went wrong, not the step header',
      'Run npm ci\nnpm ci\n\nnpm error code ECONNRESET\nnpm error network request to https://registry.npmjs.org/vitest failed, reason: read ECONNRESET\nnpm error A complete log of this run can be found in: /home/runner/.npm/_logs/x.log',
      'npm error network request to https://registry.npmjs.org/vitest failed, reason: read ECONNRESET',
    ],
    [
      'a step header and its echo give way to the tool',
      'Run npx eslint .\nnpx eslint .\n/home/runner/work/a.js\n  1:1  error  no-var',
      '/home/runner/work/a.js',
    ],
    ['nothing', '', ''],
  ])('%s', (_name, text, headline) => {
    expect(errorHeadline(text)).toBe(headline);
  });
});
