import { rerunFailedJobs } from '../../github/rerun-failed-jobs.js';
import type { AppEnv } from '../app-env.js';
import type { AppState } from '../app-state.js';
import type { PrSnapshot } from '../gather-pr.js';

/**
 * `/close-loop fix <guidance>`: the seed's escalation option "provide additional context". The App
 * records who said what for the current head (signed, in its state; readable for the Action in its loop
 * comment) and re-runs the failed jobs of the head's latest run, so the closed-loop Action runs the loop
 * again and hands the words to the coding agent. Refused on a fork: its CI runs without the agent's
 * secrets, and the loop's fixes cannot be pushed to a fork's branch.
 */
export async function runFixCommand(
  env: AppEnv,
  snapshot: PrSnapshot,
  text: string,
  sender: string,
): Promise<{ text: string; state?: AppState }> {
  const { pr } = snapshot;
  if (pr.isFork) {
    return {
      text: "Refused: this pull request's branch is on a fork. CI on a fork runs without the coding agent's secrets, and the loop's fixes cannot be pushed there; push the fix to the fork yourself.",
    };
  }
  const state = {
    ...snapshot.state,
    guidance: { by: sender, at: new Date().toISOString(), head_sha: pr.headSha, text },
  };
  const rerun = await rerunFailedJobs(env.octokit, {
    owner: pr.owner,
    repo: pr.repo,
    headSha: pr.headSha,
    branch: pr.headRef,
  });
  const sha = `\`${pr.headSha.slice(0, 7)}\``;
  const next =
    rerun.kind === 'rerun'
      ? `Re-running the failed jobs of [run ${rerun.runId}](${encodeURI(rerun.url)}): the closed-loop Action reads this guidance from the pull request and gives it to the coding agent.`
      : `Nothing re-run now: ${rerun.why}. The guidance waits for the loop's next run on ${sha} (\`/close-loop retry\` once a run has failed).`;
  return { state, text: `Guidance recorded for ${sha}: "${text.replace(/\s+/g, ' ')}". ${next}` };
}
