import { z } from 'zod';
import { StageRecordSchema } from '../core/controller/stage-machine.js';
import { emptyGateState, GateStateSchema } from '../core/gates/gate-state.js';
import { GuidanceSchema } from '../core/pull-request/guidance.js';
import { FailureLeadSchema } from '../core/report/failure-lead-schema.js';
import type { CiPrState, RunEntry } from '../core/pull-request/ci-state.js';
import type { LoopMemory } from '../core/pull-request/loop-memory.js';

const Sha = z.string().regex(/^[0-9a-f]{40}$/);

/** The verdicts of the last verification, bounded (the block is read back as untrusted input). */
const VerificationMemorySchema = z.strictObject({
  head_sha: Sha,
  verdict: z.enum(['complete', 'returned', 'blocked']),
  criteria: z
    .array(
      z.strictObject({
        id: z.string().max(20),
        text: z.string().max(300),
        status: z.enum(['pass', 'fail', 'partial']),
      }),
    )
    .max(50),
  /** The files the criteria name: the artifacts for downstream. */
  artifacts: z.array(z.string().max(300)).max(20),
  /** Made once every check on the head had passed: a verification made earlier is made again then. */
  on_green: z.boolean().default(false),
});
export type VerificationMemory = z.infer<typeof VerificationMemorySchema>;

/**
 * What the App keeps in its signed block of the sticky comment: the gates' approvals and skips, a
 * `/close-loop resume` (who cleared BLOCKED, for which evaluated head; and for which red run when the App
 * itself blocked the pull request on a deep failure), the fix commits `/close-loop undo` reverted, the
 * pull request's apply switch,
 * the fix it last proposed, its stage, its last verification, a person's guidance for the loop and what
 * failed when the Action's loop stopped.
 * Blocks written before a field existed read it as null.
 */
export const AppStateSchema = z.strictObject({
  version: z.literal(1),
  gates: GateStateSchema,
  resumed: z
    .strictObject({
      by: z.string().max(39),
      at: z.iso.datetime(),
      head_sha: z.string().regex(/^[0-9a-f]{40}$/),
    })
    .nullable(),
  /**
   * `/close-loop resume` of a block the App set itself (a red run without the Action that failed deeply):
   * that run attempt on that head blocks no more. A later red run that fails deeply blocks again.
   */
  ci_resumed: z
    .strictObject({
      by: z.string().max(39),
      at: z.iso.datetime(),
      head_sha: Sha,
      run: z.number().int().positive(),
      attempt: z.number().int().positive(),
    })
    .nullable()
    .default(null),
  /**
   * The loop's fix commits `/close-loop undo` reverted (who, with which revert commit): the handoff does not
   * count them as what the loop fixed.
   */
  undone: z
    .array(z.strictObject({ sha: Sha, revert: Sha, by: z.string().max(39), at: z.iso.datetime() }))
    .max(100)
    .default([]),
  /** `/close-loop apply on|off` on this pull request: wins over the config's apply mode. */
  apply: z
    .strictObject({ on: z.boolean(), by: z.string().max(39), at: z.iso.datetime() })
    .nullable()
    .default(null),
  /**
   * The verified fix last proposed as suggestions: the run whose fix.patch `/close-loop apply` commits, onto
   * this head.
   */
  proposal: z
    .strictObject({
      run_id: z.number().int().positive(),
      run_url: z.string().max(500),
      head_sha: z.string().regex(/^[0-9a-f]{40}$/),
      review_id: z.number().int().nonnegative(),
      /** The commit `/close-loop apply` made of it, so that a repeated command says so. */
      applied_sha: z
        .string()
        .regex(/^[0-9a-f]{40}$/)
        .nullable()
        .default(null),
    })
    .nullable()
    .default(null),
  /** Where the pull request is in its life (the stage machine), and when it first went green. */
  stage: StageRecordSchema.nullable().default(null),
  /** The last verification against the acceptance criteria: once per head, and the handoff's verdicts. */
  verification: VerificationMemorySchema.nullable().default(null),
  /** `/close-loop fix <guidance>`: a person's words for the loop's next run on this head. */
  guidance: GuidanceSchema.nullable().default(null),
  /**
   * What failed when the Action's loop on this head escalated or gave up: the check run and the sticky
   * comment open with it on every later delivery too, while the pull request stays at this head.
   */
  lead: z.strictObject({ head_sha: Sha, failure: FailureLeadSchema }).nullable().default(null),
});
export type AppState = z.infer<typeof AppStateSchema>;

export function emptyAppState(): AppState {
  return {
    version: 1,
    gates: emptyGateState(),
    resumed: null,
    ci_resumed: null,
    undone: [],
    apply: null,
    proposal: null,
    stage: null,
    verification: null,
    guidance: null,
    lead: null,
  };
}

export type LoopStanding = 'none' | 'blocked' | 'resumed' | 'failed' | 'success' | 'interrupted';

/**
 * The loop as the PR shows it: blocked until a person resumes that very evaluation, dead letter, or the run's
 * status.
 */
export function loopStanding(memory: LoopMemory | null, state: AppState): LoopStanding {
  if (memory === null) return 'none';
  if (memory.status === 'escalated')
    return state.resumed?.head_sha === memory.head_sha ? 'resumed' : 'blocked';
  return memory.status;
}

/** The newest red run the App diagnosed on `headSha` (without the Action), if any. */
export function latestRun(ci: CiPrState, headSha: string): RunEntry | undefined {
  return ci.runs.filter((r) => r.head === headSha).at(-1);
}

export type CiStanding = 'none' | 'blocked' | 'resumed';

/**
 * Whether the head's newest red run blocks the pull request: a deep failure blocks (`loop:blocked`, the
 * blocked report) until a person resumes that very run attempt with `/close-loop resume`.
 */
export function ciStanding(latest: RunEntry | undefined, state: AppState): CiStanding {
  if (latest?.verdict !== 'deep') return 'none';
  const resumed = state.ci_resumed;
  return resumed !== null &&
    resumed.head_sha === latest.head &&
    resumed.run === latest.run &&
    resumed.attempt === latest.attempt
    ? 'resumed'
    : 'blocked';
}

/** The verdict label the loop's standing puts on the PR. */
export function standingLabels(standing: LoopStanding): string[] {
  if (standing === 'blocked') return ['loop:blocked'];
  if (standing === 'failed') return ['loop:dead-letter'];
  return [];
}
