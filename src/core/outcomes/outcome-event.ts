import { z } from 'zod';
import { DeadLetterSummarySchema } from '../dead-letter/dead-letter.js';

/**
 * One fact of the loop's history, as the App records it (the database holds these, never a decision in
 * flight). `key` is unique: a redelivery, a retry or a second instance recording the same fact records it
 * once. `at` is GitHub's time of the fact (a run's completion, a commit), not the App's clock, so that the
 * same fact always carries the same time.
 */

/**
 * A loop's outcome: the Action's LoopResult (success, escalated, dead_letter, interrupted) or the App's
 * red-run verdict (rerun pending, rescued by it, escalated, held: transient but not re-run).
 */
export type LoopOutcome =
  'success' | 'rescued' | 'escalated' | 'dead_letter' | 'held' | 'rerun' | 'interrupted';

/** What became of a fix commit the loop made: see fixFates. */
export const FIX_FATES = [
  'kept',
  'undone',
  'reverted',
  'merged',
  'reverted_after_merge',
  'abandoned',
] as const;
export type FixFate = (typeof FIX_FATES)[number];

const Text = (max: number) => z.string().max(max);

export const OutcomeEventSchema = z.object({
  key: Text(300).min(1),
  kind: z.enum(['loop', 'rerun', 'green', 'fix', 'fix_fate', 'stage', 'gate']),
  installation: z.number().int().nonnegative(),
  /** `owner/name`, as GitHub spells it. */
  repo: Text(200).min(3),
  pr: z.number().int().positive().nullable(),
  /** The loop this fact belongs to (`run:<id>`): a LoopResult, a red run and its re-runs. */
  loop: Text(100).nullable(),
  workflow: Text(200).nullable(),
  pattern: Text(100).nullable(),
  strategy: Text(50).nullable(),
  outcome: Text(50).min(1),
  attempts: z.number().int().nonnegative().nullable(),
  sha: Text(64).nullable(),
  at: z.iso.datetime({ offset: true }),
  /**
   * Small facts a page needs: a dead letter's summary (pattern candidates), a re-run's flaky jobs and tests,
   * a gate's name.
   */
  detail: z
    .object({
      dead_letter: DeadLetterSummarySchema.optional(),
      jobs: z
        .array(z.object({ job: Text(200), tests: z.array(Text(300)).max(50) }))
        .max(50)
        .optional(),
      gate: Text(50).optional(),
      title: Text(300).optional(),
      url: Text(500).optional(),
      why: Text(500).optional(),
      /** The repository's outer_loop settings when the loop ended: the dashboard flags by them. */
      outer_loop: z
        .object({
          min_loops: z.number().int().positive(),
          threshold: z.number().min(0).max(1),
          window_days: z.number().int().positive(),
        })
        .optional(),
    })
    .nullable(),
});
export type OutcomeEvent = z.infer<typeof OutcomeEventSchema>;

/** The fields every event of one pull request shares. */
export type EventBase = Pick<OutcomeEvent, 'installation' | 'repo' | 'pr'>;

/** An event with the fields it does not use left empty. */
export function outcomeEvent(
  base: EventBase,
  fields: Pick<OutcomeEvent, 'key' | 'kind' | 'outcome' | 'at'> & Partial<OutcomeEvent>,
): OutcomeEvent {
  return {
    loop: null,
    workflow: null,
    pattern: null,
    strategy: null,
    attempts: null,
    sha: null,
    detail: null,
    ...base,
    ...fields,
  };
}

/** A LoopResult's status as a loop outcome. */
export function loopResultOutcome(status: 'success' | 'failed' | 'escalated' | 'interrupted'): LoopOutcome {
  return status === 'failed' ? 'dead_letter' : status;
}

/** Outcomes that end a loop green: fixed, or passed on a re-run. */
export const SUCCEEDED: ReadonlySet<string> = new Set(['success', 'rescued']);
/** Outcomes that end a loop without going green: a person must act. */
export const FAILED: ReadonlySet<string> = new Set(['escalated', 'dead_letter', 'held']);
