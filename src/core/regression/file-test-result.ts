import { z } from 'zod';

/** The test results that count for one file (a source file's covering tests, or a test file's own). */
export const FileTestResultSchema = z.strictObject({
  file: z.string().min(1),
  test_count: z.number().int().min(0),
  pass_count: z.number().int().min(0),
  fail_count: z.number().int().min(0),
  /** Names of the failing tests ("describe > test"); a test file that could not run counts as one. */
  failing: z.array(z.string()),
});
export type FileTestResult = z.infer<typeof FileTestResultSchema>;

/** One dependent file with new test failures (the seed's regression record, plus the totals and names). */
export interface Regression {
  file: string;
  baseline_pass: number;
  baseline_total: number;
  current_pass: number;
  current_total: number;
  new_failures: number;
  /** Tests failing now that were not failing at baseline. */
  newly_failing: string[];
}

/** A file with no tests: what a file absent from the baseline is compared against. */
export function emptyResult(file: string): FileTestResult {
  return { file, test_count: 0, pass_count: 0, fail_count: 0, failing: [] };
}

/** Adds up several test files' results under one file name. */
export function sumResults(file: string, parts: readonly FileTestResult[]): FileTestResult {
  const failing = new Set<string>();
  const total = emptyResult(file);
  for (const part of parts) {
    total.test_count += part.test_count;
    total.pass_count += part.pass_count;
    total.fail_count += part.fail_count;
    for (const name of part.failing) failing.add(name);
  }
  return { ...total, failing: [...failing] };
}
