import { z } from 'zod';

/**
 * The stages of a pull request's life: the loop controller seed's stage machine (INIT → … → SHIP →
 * COMPLETE, with FAILED, RETRY and BLOCKED) as it plays out on GitHub. The seed's SCAFFOLD, TEST and
 * DOCUMENT happen in the author's (or an agent's) pushes, so a pull request shows them as IMPLEMENT;
 * its VALIDATE and REVIEW are the human gates; ENDED is a pull request closed without merging.
 */
export const PR_STAGES = [
  'INIT',
  'IMPLEMENT',
  'VERIFY',
  'FAILED',
  'RETRY',
  'BLOCKED',
  'VALIDATE',
  'REVIEW',
  'SHIP',
  'COMPLETE',
  'ENDED',
] as const;
export const PrStageSchema = z.enum(PR_STAGES);
export type PrStage = z.infer<typeof PrStageSchema>;

/** Stages in which every check on the head has passed: the first one reached is "green". */
export const GREEN_STAGES: readonly PrStage[] = ['VALIDATE', 'REVIEW', 'SHIP'];

/** What each stage means, in the words the docs and the sticky comment use. */
export const STAGE_MEANING: Record<PrStage, string> = {
  INIT: 'the pull request is open; no check has reported on its head yet',
  IMPLEMENT: 'a draft: the author (or an agent) is still pushing',
  VERIFY: 'CI is checking the head (build, tests, lint)',
  FAILED: 'a check failed on the head',
  RETRY: "CI is checking the loop's fix",
  BLOCKED: 'the loop needs a person: blocked, or a dead letter',
  VALIDATE: 'green; waiting for a human gate or for the acceptance criteria',
  REVIEW: 'green; waiting for the deploy approval',
  SHIP: 'ready to merge: every check passed, every gate approved',
  COMPLETE: 'merged; the handoff is written',
  ENDED: 'closed without merging; the loop ended',
};
