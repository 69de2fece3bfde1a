import { ControllerError } from './controller-error.js';
import type { ControllerStateName, Stage } from './controller-state.js';

export type NextStateContext = { capabilities?: { remaining: readonly string[] }; prMerged?: boolean };

/** The seed's getNextState. null after COMPLETE; FAILED, RETRY and BLOCKED have no "next" stage. */
export function getNextState(current: ControllerStateName, context: NextStateContext = {}): Stage | null {
  switch (current) {
    case 'INIT':
      return 'SCAFFOLD';
    case 'SCAFFOLD':
      return 'IMPLEMENT';
    case 'IMPLEMENT':
      return 'TEST';
    case 'TEST':
      return 'VERIFY';
    case 'VERIFY':
      return (context.capabilities?.remaining.length ?? 0) > 0 ? 'IMPLEMENT' : 'VALIDATE';
    case 'VALIDATE':
      return 'DOCUMENT';
    case 'DOCUMENT':
      return 'REVIEW';
    case 'REVIEW':
      return 'SHIP';
    case 'SHIP':
      return context.prMerged ? 'COMPLETE' : 'SHIP';
    case 'COMPLETE':
      return null;
    default:
      throw new ControllerError('unknown_state', `Unknown state: ${current}`);
  }
}

/** The seed's state → primary skill table. */
export const SKILL_FOR_STATE: Record<Stage, string> = {
  INIT: 'memory-manager',
  SCAFFOLD: 'scaffold',
  IMPLEMENT: 'implement',
  TEST: 'test-generation',
  VERIFY: 'code-verification',
  VALIDATE: 'code-validation',
  DOCUMENT: 'document',
  REVIEW: 'code-review',
  SHIP: 'git-workflow',
  COMPLETE: 'memory-manager',
};

export function getSkillForState(state: Stage): string {
  return SKILL_FOR_STATE[state];
}
