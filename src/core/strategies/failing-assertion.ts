/** Lines kept from the assertion on: the message, the expected/actual diff and the place. */
const MAX_LINES = 16;
const START =
  /^\s*(?:\w+\s+)?AssertionError\b|^\s*(?:Error: )?expect\(received\)|^\s*E\s+(?:assert|AssertionError)\b|^\s*\S+_test\.go:\d+: /;
const STOP = /^\s*(?:⎯{3,}|─{3,}|={3,}|Test Files\b|Tests\b\s+\d|at \S+ \(|❯ \S+:\d+:\d+$)/;

/**
 * The failed assertion in a test run's output, with the expected/actual lines after it (vitest, jest,
 * node:assert, pytest, go test): what the test wanted and what it got. Null when none is printed.
 */
export function failingAssertion(output: string): string | null {
  const lines = output.split(/\r?\n/);
  const start = lines.findIndex((l) => START.test(l));
  if (start === -1) return null;
  const kept: string[] = [];
  for (const line of lines.slice(start, start + MAX_LINES)) {
    if (kept.length > 0 && STOP.test(line)) {
      if (/❯ \S+:\d+:\d+$/.test(line)) kept.push(line);
      break;
    }
    kept.push(line);
  }
  return kept.join('\n').trim();
}
