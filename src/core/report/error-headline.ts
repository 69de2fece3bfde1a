/**
 * The one line of a failure's output a person should read first. A failed assertion, when there is one
 * (that is the failure; the lines around it are the runner talking); else the first line that is not a
 * runner's banner, script echo, rule or package manager's error trailer; else the package manager's own
 * error line. A test's name line loses its timing (`× adds 6ms`): how long a
 * failing test took is not why it failed.
 */
export function errorHeadline(text: string | null | undefined): string {
  const lines = (text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const assertion = lines.find((l) => ASSERTION.some((re) => re.test(l)));
  if (assertion !== undefined) return assertion;
  // GitHub Actions opens a step's log with `Run <command>` and echoes the script under it: the runner.
  const echoed = new Set(lines.flatMap((l) => /^Run (.+)$/.exec(l)?.[1] ?? []));
  const talk = (l: string): boolean => NOISE.some((re) => re.test(l)) || echoed.has(l) || /^Run \S/.test(l);
  const first =
    lines.find((l) => !talk(l)) ??
    // Only the package manager spoke (a network error in `npm ci`): its first line that says what happened.
    lines.find((l) => PM_ERROR.test(l) && !PM_BOILERPLATE.test(l)) ??
    lines[0] ??
    '';
  return TEST_LINE.test(first) ? first.replace(TIMING, '') : first;
}

const PM_ERROR = /^(?:npm|pnpm|yarn) (?:ERR!|error)/i;
/** npm's lines that say nothing of what failed: the error code alone, where the full log is, the script. */
const PM_BOILERPLATE =
  /^(?:npm|pnpm|yarn) (?:ERR!|error)\s+(?:code\b|errno\b|syscall\b|A complete log|Lifecycle script|command failed|path\b|\S+@\S+ \w+: |$)/i;

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
