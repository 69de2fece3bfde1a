import { z } from 'zod';
import { GREEN_STAGES, PrStageSchema, type PrStage } from './pr-stage.js';

/** What moved the pull request: the event a driver was handling when it decided the stage. */
export const STAGE_CAUSES = [
  'opened',
  'pushed',
  'reopened',
  'ready',
  'draft',
  'ci',
  'gate',
  'command',
  'resume',
  'refresh',
  'merged',
  'closed',
] as const;
const StageCauseSchema = z.enum(STAGE_CAUSES);
export type StageCause = z.infer<typeof StageCauseSchema>;

const MAX_STAGE_HISTORY = 20;

/** Where a pull request is in its life, as the App keeps it in the signed block of its sticky comment. */
export const StageRecordSchema = z.strictObject({
  stage: PrStageSchema,
  /** When it entered the stage. */
  since: z.iso.datetime(),
  /** When the App first saw the pull request green (every check passed): the handoff's time to green. */
  green_at: z.iso.datetime().nullable(),
  /** The stage changes, oldest first (the last MAX_STAGE_HISTORY). */
  history: z
    .array(z.strictObject({ stage: PrStageSchema, at: z.iso.datetime(), cause: StageCauseSchema }))
    .max(MAX_STAGE_HISTORY),
});
export type StageRecord = z.infer<typeof StageRecordSchema>;

const ACTIVE = [
  'INIT',
  'IMPLEMENT',
  'VERIFY',
  'FAILED',
  'RETRY',
  'BLOCKED',
  'VALIDATE',
  'REVIEW',
  'SHIP',
] as const;
const OUT = ['COMPLETE', 'ENDED'] as const;
const from = (stage: PrStage): PrStage[] => [...ACTIVE.filter((s) => s !== stage), ...OUT];

/**
 * The legal moves. Facts decide the stage, and facts jump (a push turns SHIP back into INIT, a withdrawn
 * approval SHIP into VALIDATE), so the active stages reach one another; what the machine forbids is
 * leaving a life that is over: COMPLETE is final, ENDED is left only when the pull request is reopened,
 * and neither is entered but by its own event (the merge, the close). BLOCKED is left only when a
 * person resumes, a new head is pushed or a new CI result arrives (BLOCKED_EXITS).
 */
export const TRANSITIONS: Readonly<Record<PrStage, readonly PrStage[]>> = {
  INIT: from('INIT'),
  IMPLEMENT: from('IMPLEMENT'),
  VERIFY: from('VERIFY'),
  FAILED: from('FAILED'),
  RETRY: from('RETRY'),
  BLOCKED: from('BLOCKED'),
  VALIDATE: from('VALIDATE'),
  REVIEW: from('REVIEW'),
  SHIP: from('SHIP'),
  COMPLETE: [],
  ENDED: [...ACTIVE],
};

/** What may take a pull request out of BLOCKED: a person acted, or there is something new to judge. */
const BLOCKED_EXITS: readonly StageCause[] = ['resume', 'pushed', 'ci', 'reopened', 'merged', 'closed'];

/**
 * Why `from` → `to` for `cause` is not allowed, or null when it is. The first stage a driver records
 * (`from` null: a pull request it sees for the first time) is taken as the facts say.
 */
function refusal(from: PrStage | null, to: PrStage, cause: StageCause): string | null {
  if (from === null || from === to) return null;
  if (to === 'COMPLETE' && cause !== 'merged') return 'only a merge completes a pull request';
  if (to === 'ENDED' && cause !== 'closed') return 'only closing it ends a pull request';
  if (cause === 'merged' && to !== 'COMPLETE') return 'a merge can only complete the pull request';
  if (!TRANSITIONS[from].includes(to)) return `${from} → ${to} is not a transition of the stage machine`;
  if (from === 'ENDED' && cause !== 'reopened')
    return 'a closed pull request moves on only when it is reopened';
  if (from === 'BLOCKED' && !BLOCKED_EXITS.includes(cause))
    return 'BLOCKED waits for `/close-loop resume`, a new push or a new CI result';
  return null;
}

export type StageMove =
  | { kind: 'same'; record: StageRecord }
  | { kind: 'moved'; record: StageRecord; from: PrStage | null; to: PrStage; cause: StageCause }
  | { kind: 'refused'; record: StageRecord; from: PrStage; to: PrStage; cause: StageCause; why: string };

/**
 * Moves the pull request's record to `to`, if the machine allows it (refusal); a refused move keeps the
 * record as it was. `green_at` is set the first time a green stage is reached. Pure: `at` is the caller's
 * clock, so the same delivery handled twice moves the same way (and the second time not at all).
 */
export function moveStage(record: StageRecord | null, to: PrStage, cause: StageCause, at: string): StageMove {
  const from = record?.stage ?? null;
  const why = refusal(from, to, cause);
  if (why !== null && record !== null) return { kind: 'refused', record, from: record.stage, to, cause, why };
  const greenAt = record?.green_at ?? (GREEN_STAGES.includes(to) ? at : null);
  if (record !== null && from === to) {
    return greenAt === record.green_at
      ? { kind: 'same', record }
      : { kind: 'same', record: { ...record, green_at: greenAt } };
  }
  const history = [...(record?.history ?? []), { stage: to, at, cause }].slice(-MAX_STAGE_HISTORY);
  return {
    kind: 'moved',
    record: { stage: to, since: at, green_at: greenAt, history },
    from,
    to,
    cause,
  };
}
