import type { Config } from '../config/schema.js';
import type { LoopCommentModel } from './render-loop-comment.js';

/** The budgets the sticky comment shows what is left of: the same rows whichever driver writes it. */
export function loopLimits(
  config: Pick<Config, 'retry' | 'loop_guard' | 'agent'>,
): NonNullable<LoopCommentModel['limits']> {
  return {
    maxAttempts: config.retry.max_total_failures,
    maxBotPushes: config.loop_guard.max_fix_commits,
    maxAgentRuns: config.agent.max_runs.per_pull_request,
  };
}
