import { z } from 'zod';
import { CategorySchema } from '../vocabulary.js';

/** What the App found in one failed job of a red run. */
export const JobFindingSchema = z.object({
  job: z.string(),
  pattern: z.string().nullable(),
  category: CategorySchema,
  signature: z.string(),
  tests: z.array(z.string()).default([]),
});
export type JobFinding = z.infer<typeof JobFindingSchema>;

/** One red (or re-run green) workflow run the App reported on a PR. */
export const RunEntrySchema = z.object({
  run: z.number().int(),
  attempt: z.number().int().positive(),
  head: z.string(),
  workflow: z.string(),
  jobs: z.array(JobFindingSchema),
  /** The App asked GitHub to re-run this attempt's failed jobs. */
  rerun: z.boolean(),
  verdict: z.enum(['rerun', 'not_transient', 'mechanical', 'deep', 'held', 'flaky']),
});
export type RunEntry = z.infer<typeof RunEntrySchema>;

/** The App's memory of red runs on one PR, kept signed in its CI comment (the App keeps no state). */
export const CiPrStateSchema = z.object({ runs: z.array(RunEntrySchema).default([]) });
export type CiPrState = z.infer<typeof CiPrStateSchema>;
/** Older entries are dropped: the comment's hidden block stays small. */
export const MAX_RUN_ENTRIES = 15;

export const FlakyEntrySchema = z.object({
  job: z.string(),
  tests: z.array(z.string()),
  count: z.number().int().nonnegative(),
  prs: z.array(z.number().int()),
  last: z.string(),
});
export type FlakyEntry = z.infer<typeof FlakyEntrySchema>;

/** The repository's flaky record, kept signed in the `loop:flaky` issue's body. */
export const FlakyRecordSchema = z.object({
  flaky: z.array(FlakyEntrySchema).default([]),
  /** Per pattern: re-runs the App made, and re-runs that turned the jobs green. */
  rescue: z.record(z.string(), z.object({ made: z.number().int().nonnegative(), rescued: z.number().int().nonnegative() })).default({}),
});
export type FlakyRecord = z.infer<typeof FlakyRecordSchema>;

/** A pattern re-run this often without one rescue stops being re-run automatically. */
export const NEVER_RESCUES_AFTER = 3;

export function neverRescues(record: FlakyRecord, pattern: string | null): boolean {
  const r = pattern === null ? undefined : record.rescue[pattern];
  return r !== undefined && r.made >= NEVER_RESCUES_AFTER && r.rescued === 0;
}

export function emptyFlakyRecord(): FlakyRecord {
  return { flaky: [], rescue: {} };
}
