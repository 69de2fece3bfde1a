import type { LoopMemory } from '../pull-request/loop-memory.js';
import type { StageFacts } from './stage-facts.js';

/** The loop's standing on the pull request from its last result's status. */
const LOOP_OF_STATUS: Record<LoopMemory['status'], StageFacts['loop']> = {
  success: 'success',
  escalated: 'blocked',
  failed: 'dead_letter',
  interrupted: 'interrupted',
};

/**
 * The stage facts the Action alone has after a run on a pull request: its own result and memory, no other
 * check runs, no gates (the App's), no verification.
 */
export function resultStageFacts(input: {
  memory: LoopMemory;
  headSha: string;
  reason: string | null;
}): StageFacts {
  return {
    pr: { open: true, merged: false, draft: false, headSha: input.headSha },
    checks: null,
    loop: LOOP_OF_STATUS[input.memory.status],
    ...(input.reason ? { loopReason: input.reason } : {}),
    ci: null,
    headIsLoopFix: input.memory.fix_commits.some((c) => c.sha === input.headSha),
    gates: [],
    criteria: null,
  };
}
