import { z } from 'zod';
import { emptyGateState, GateStateSchema } from '../core/gates/gate-state.js';
import type { LoopMemory } from '../core/github/loop-memory.js';

/**
 * What the App keeps in its signed block of the sticky comment: the gates' approvals and skips, and a
 * `/close-loop resume` (who cleared BLOCKED, for which evaluated head).
 */
export const AppStateSchema = z.strictObject({
  version: z.literal(1),
  gates: GateStateSchema,
  resumed: z.strictObject({
    by: z.string().max(39),
    at: z.iso.datetime(),
    head_sha: z.string().regex(/^[0-9a-f]{40}$/),
  }).nullable(),
});
export type AppState = z.infer<typeof AppStateSchema>;

export function emptyAppState(): AppState {
  return { version: 1, gates: emptyGateState(), resumed: null };
}

export type LoopStanding = 'none' | 'blocked' | 'resumed' | 'failed' | 'success' | 'interrupted';

/** The loop as the PR shows it: blocked until a person resumes that very evaluation, dead letter, or the run's status. */
export function loopStanding(memory: LoopMemory | null, state: AppState): LoopStanding {
  if (memory === null) return 'none';
  if (memory.status === 'escalated') return state.resumed?.head_sha === memory.head_sha ? 'resumed' : 'blocked';
  return memory.status;
}

/** The verdict label the loop's standing puts on the PR. */
export function standingLabels(standing: LoopStanding): string[] {
  if (standing === 'blocked') return ['loop:blocked'];
  if (standing === 'failed') return ['loop:dead-letter'];
  return [];
}
