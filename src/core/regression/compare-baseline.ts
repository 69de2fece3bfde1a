import { emptyResult, type FileTestResult, type Regression } from './file-test-result.js';

/**
 * The seed's comparison: a file regresses when it fails more tests than at baseline
 * (current.fail_count − baseline.fail_count > 0). A test that was not failing and now fails also
 * counts, so one test fixed and another broken is not a wash. A file missing from the baseline is
 * compared with no tests at all. Sorted by file.
 */
export function compareBaseline(
  baseline: readonly FileTestResult[],
  current: readonly FileTestResult[],
): Regression[] {
  const before = new Map(baseline.map((result) => [result.file, result]));
  const regressions: Regression[] = [];
  for (const now of current) {
    const then = before.get(now.file) ?? emptyResult(now.file);
    const wasFailing = new Set(then.failing);
    const newlyFailing = [...new Set(now.failing)].filter((name) => !wasFailing.has(name));
    const newFailures = Math.max(now.fail_count - then.fail_count, newlyFailing.length);
    if (newFailures <= 0) continue;
    regressions.push({
      file: now.file,
      baseline_pass: then.pass_count,
      baseline_total: then.test_count,
      current_pass: now.pass_count,
      current_total: now.test_count,
      new_failures: newFailures,
      newly_failing: newlyFailing,
    });
  }
  return regressions.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}
