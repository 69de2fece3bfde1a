import { STAGE_MEANING, type PrStage } from './pr-stage.js';

/** The seed's decision, as a pull request waits for it. */
type StageAction =
  | 'WAIT_FOR_CI'
  | 'RETRY'
  | 'WAIT_FOR_AUTHOR'
  | 'WAIT_FOR_HUMAN'
  | 'WAIT_FOR_APPROVAL'
  | 'WAIT_FOR_MERGE'
  | 'DONE';

/** Where a pull request stands, what it waits for, and what is still missing to reach the next stage. */
export interface StageDecision {
  stage: PrStage;
  /** One line a person reads: where the pull request stands. */
  summary: string;
  action: StageAction;
  /** The stage it reaches once nothing is missing; null when its life is over. */
  next: PrStage | null;
  /** What is still missing to reach `next`, one item a line. */
  missing: string[];
}

/** The decision of a pull request whose life is over. */
export function finalDecision(stage: 'COMPLETE' | 'ENDED'): StageDecision {
  return stage === 'COMPLETE'
    ? {
        stage,
        summary: "merged: the loop's work is handed off below",
        action: 'DONE',
        next: null,
        missing: [],
      }
    : { stage, summary: 'closed without merging: the loop ended', action: 'DONE', next: null, missing: [] };
}

/**
 * What is shown when the machine refused the move the facts asked for and the pull request stays where it
 * was (a late delivery after the merge, a gate approved while BLOCKED).
 */
export function keptDecision(stage: PrStage): StageDecision {
  if (stage === 'COMPLETE' || stage === 'ENDED') return finalDecision(stage);
  if (stage === 'BLOCKED')
    return {
      stage,
      summary: 'Blocked: waiting for a person',
      action: 'WAIT_FOR_HUMAN',
      next: 'VERIFY',
      missing: ['a person fixes what blocked the loop, then comments `/close-loop resume`'],
    };
  return { stage, summary: STAGE_MEANING[stage], action: 'WAIT_FOR_CI', next: null, missing: [] };
}
