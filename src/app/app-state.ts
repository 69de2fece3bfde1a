import { z } from 'zod';
import { emptyGateState, GateStateSchema } from '../core/gates/gate-state.js';
import type { LoopMemory } from '../core/pull-request/loop-memory.js';

/**
 * What the App keeps in its signed block of the sticky comment: the gates' approvals and skips, a
 * `/close-loop resume` (who cleared BLOCKED, for which evaluated head), the pull request's apply switch
 * and the fix it last proposed. Blocks written before the last two existed read as null.
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
});
export type AppState = z.infer<typeof AppStateSchema>;

export function emptyAppState(): AppState {
  return { version: 1, gates: emptyGateState(), resumed: null, apply: null, proposal: null };
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

/** The verdict label the loop's standing puts on the PR. */
export function standingLabels(standing: LoopStanding): string[] {
  if (standing === 'blocked') return ['loop:blocked'];
  if (standing === 'failed') return ['loop:dead-letter'];
  return [];
}
