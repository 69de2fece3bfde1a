import { z } from 'zod';
import { CategorySchema } from '../vocabulary.js';

/** What the App found in one failed job of a red run. */
export const JobFindingSchema = z.object({
  job: z.string(),
  pattern: z.string().nullable(),
  category: CategorySchema,
  signature: z.string(),
  tests: z.array(z.string()).default([]),
  /** The failed step the evidence came from. */
  step: z.string().nullable().default(null),
  confidence: z.number().min(0).max(1).default(0),
  /** A short quote of the evidence, masked: what the table shows. */
  quote: z.string().max(300).default(''),
  /** The evidence chunk, masked and clipped; kept for the newest run only (the state stays small). */
  evidence: z
    .object({ startLine: z.number().int(), endLine: z.number().int(), text: z.string().max(2000) })
    .nullable()
    .default(null),
  /** Why the log was not analysed (gone, not text). */
  refused: z.string().max(300).nullable().default(null),
  /** Only the first part of the log was read (ci.max_log_mb). */
  capped: z.boolean().default(false),
  /** The diagnosis's first places with the tool's message each, masked: what the failure lead links. */
  places: z
    .array(
      z.object({
        file: z.string().max(300),
        line: z.number().int().nonnegative(),
        message: z.string().max(300),
      }),
    )
    .max(3)
    .default([]),
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
  /** Why, in a sentence a person reads on the PR. */
  why: z.string().max(1000).default(''),
  url: z.string().max(500).default(''),
  /** More failed jobs than were read. */
  more: z.number().int().nonnegative().default(0),
});
export type RunEntry = z.infer<typeof RunEntrySchema>;

/**
 * The App's memory of red runs on one PR, kept signed in the sticky loop comment (the App keeps no state).
 */
export const CiPrStateSchema = z.object({ runs: z.array(RunEntrySchema).default([]) });
export type CiPrState = z.infer<typeof CiPrStateSchema>;
/** Older entries are dropped: the comment's hidden block stays small. */
const MAX_RUN_ENTRIES = 15;
/** The most JSON the kept runs take (its base64 stays under the 16 KB a signed block may hold). */
export const MAX_CI_STATE_CHARS = 10_000;

const size = (state: CiPrState): number => new TextEncoder().encode(JSON.stringify(state)).length;
const withoutEvidence = (entry: RunEntry): RunEntry => ({
  ...entry,
  jobs: entry.jobs.map((j) => ({ ...j, evidence: null })),
});

/**
 * The runs after `entry` replaced its own attempt and joined them: the evidence kept for the newest run
 * only, then the oldest runs dropped, then the newest run's evidence clipped, until the state fits.
 */
export function addRunEntry(state: CiPrState, entry: RunEntry): CiPrState {
  const older = state.runs
    .filter((r) => !(r.run === entry.run && r.attempt === entry.attempt))
    .map(withoutEvidence);
  let next: CiPrState = { runs: [...older, entry].slice(-MAX_RUN_ENTRIES) };
  while (size(next) > MAX_CI_STATE_CHARS && next.runs.length > 1) next = { runs: next.runs.slice(1) };
  if (size(next) > MAX_CI_STATE_CHARS) {
    const clip = (max: number): RunEntry => ({
      ...entry,
      jobs: entry.jobs.map((j) => ({
        ...j,
        evidence: j.evidence && { ...j.evidence, text: j.evidence.text.slice(0, max) },
      })),
    });
    next = { runs: [clip(Math.floor(MAX_CI_STATE_CHARS / 2 / Math.max(1, entry.jobs.length)))] };
    if (size(next) > MAX_CI_STATE_CHARS)
      next = {
        runs: [
          {
            ...withoutEvidence(entry),
            jobs: entry.jobs.slice(0, 10).map((j) => ({ ...j, evidence: null, tests: j.tests.slice(0, 5) })),
          },
        ],
      };
  }
  return next;
}

const FlakyEntrySchema = z.object({
  job: z.string(),
  tests: z.array(z.string()),
  count: z.number().int().nonnegative(),
  prs: z.array(z.number().int()),
  last: z.string(),
});

/** The repository's flaky record, kept signed in the `loop:flaky` issue's body. */
export const FlakyRecordSchema = z.object({
  flaky: z.array(FlakyEntrySchema).default([]),
  /** Per pattern: re-runs the App made, and re-runs that turned the jobs green. */
  rescue: z
    .record(
      z.string(),
      z.object({ made: z.number().int().nonnegative(), rescued: z.number().int().nonnegative() }),
    )
    .default({}),
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
