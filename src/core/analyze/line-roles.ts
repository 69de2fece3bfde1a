import { GO_TEST_LOG } from './hold-test-locations.js';

// What a line is, beside what it says: output a test printed, echoed source, a failing test's name.

/**
 * Test runners echo what tests print (vitest `stderr | file > test`, jest `console.error`, pytest's
 * `--- Captured stdout call ---` section): not failures. A blank line, or pytest's next rule, ends it.
 */
const CAPTURED_OUTPUT =
  /^(stdout|stderr) \| \S|^\s*console\.(log|error|warn|info|debug)$|^-+ Captured (?:stdout|stderr|log) \w+ -+$/;
const PYTEST_RULE = /^[=_]{5,}/;
/** Stack frames repeat the names of internals (`packageResolve`), never the cause. */
export const STACK_FRAME = /^\s+at\s+\S/;
/**
 * Echoed source and values, not output: a code frame (`> 5 |   expect(x)…`, gcc's `    4 |   int r…`),
 * pytest's failing source line (`>       assert m == "permission denied"`) and its assertion diff
 * (`E         - permission denied`). Words of other failures there are code and data.
 */
export const ECHO = /^\s*>?\s*\d+ \| |^>\s{3,}\S|^E\s{3,}[-+?] /;
/**
 * A failing test's name (`● retries when the connection is refused`, `___ test_permission_denied ___`);
 * jest's own `● Validation Error:` about its config is no test.
 */
const TEST_HEADER =
  /^\s*(?:● (?!(?:Validation|Deprecation) (?:Error|Warning):)|--- FAIL: |FAIL |✕ |[×✗] .+ \d+m?s$)|^_{3,} \S.* _{3,}$|^(?:FAILED|ERROR) \S+::/;
/**
 * A failing test's own message: an assertion's text (`AssertionError: assert 'denied' == 'permission
 * denied'`) and what go's t.Errorf printed under `--- FAIL:` (`    w_test.go:7: worker timed out`). Their
 * words are the test's data; only test patterns read them.
 */
const TEST_MESSAGE = new RegExp(String.raw`\bAssertionError\b|^E\s+assert\b|` + GO_TEST_LOG.source);

/** True for a line that names a failing test or says its message: only test patterns read it. */
export const isTestLine = (text: string): boolean => TEST_HEADER.test(text) || TEST_MESSAGE.test(text);

/** Follows captured test output line by line: true while the line is inside it. */
export function createCapturedOutput(): { (text: string): boolean; busy(): boolean } {
  let captured = false;
  const inside = (text: string): boolean => {
    if (CAPTURED_OUTPUT.test(text)) captured = true;
    else if (captured && (text.trim() === '' || PYTEST_RULE.test(text))) captured = false;
    return captured;
  };
  return Object.assign(inside, { busy: () => captured });
}

/**
 * The literals of the lines these roles and the analyzer's last-resort headline read: captured output's
 * start, and the words of an error line.
 */
export const LINE_ROLE_LITERALS: readonly string[] = [
  'stdout | ',
  'stderr | ',
  'console.',
  'captured',
  'error',
  'fail',
  'fatal',
];
