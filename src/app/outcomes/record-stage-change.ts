import type { StageChange } from '../app-env.js';
import type { OutcomeRecorder } from './outcome-recorder.js';

/**
 * The stage machine's changes in the outcome history (the dashboard's pull requests by stage). A pull
 * request's end (COMPLETE, ENDED) is recorded by the closed handler with its merge commit, so not here.
 */
export function recordStageChange(
  outcomes: OutcomeRecorder,
  installation: number,
): (change: StageChange) => Promise<void> {
  return async (change) => {
    if (change.to === 'COMPLETE' || change.to === 'ENDED') return;
    const repo = `${change.owner}/${change.repo}`;
    await outcomes.recordStage({
      installation,
      repo,
      pr: change.number,
      stage: change.to,
      at: change.at,
      sha: change.headSha,
    });
  };
}
