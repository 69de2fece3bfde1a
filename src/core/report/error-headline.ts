/**
 * The one line of a failure's output a person should read first. A failed assertion, when there is one
 * (that is the failure; the lines around it are the runner talking); else the first line that is not a
 * runner's banner, script echo or rule. A test's name line loses its timing (`× adds 6ms`): how long a
 * failing test took is not why it failed.
 */
export function errorHeadline(text: string | null | undefined): string {
  const lines = (text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const assertion = lines.find((l) => ASSERTION.some((re) => re.test(l)));
  if (assertion !== undefined) return assertion;
  const first = lines.find((l) => !NOISE.some((re) => re.test(l))) ?? lines[0] ?? '';
  return TEST_LINE.test(first) ? first.replace(TIMING, '') : first;
}

const ASSERTION = [
  /^(?:\w+\s+)?AssertionError\b/, // vitest, chai, node:assert (`AssertionError [ERR_ASSERTION]: …`)
  /^Error:\s+expect\(/, // jest's `expect(received).toBe(expected)` header comes with "Error:" in some setups
  /^expect\(received\)\./, // jest
  /^E\s+(?:assert|AssertionError)\b/, // pytest
  /^\w+\.go:\d+: .*(?:got|want|expected)/i, // go test
];

const NOISE = [
  /^(?:RUN|DEV)\s+v\d+\.\d+/, // vitest's banner, with the absolute root after it
  /^>\s/, // npm's `> pkg@1.0.0 test` / `> vitest run` echo
  /^[⎯─━=_-]{3,}/, // rules
  /^(?:npm|pnpm|yarn) (?:ERR!|error|warn)/i,
];

const TEST_LINE = /^(?:[×✗✕✖❯]|FAIL\b|not ok\b|--- FAIL:)/;
const TIMING = /\s+\(?\d+(?:\.\d+)?\s?m?s\)?$/;
