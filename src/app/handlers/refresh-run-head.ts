import type { StageCause } from '../../core/controller/stage-machine.js';
import { pullOfQueueRef } from '../../github/list-merge-group-pulls.js';
import type { AppEnv } from '../app-env.js';
import { findRunPullRequest, type RunFacts } from '../find-run-pull-request.js';
import { where } from '../pull-request-facts.js';
import { refreshPr } from './on-pull-request.js';

/**
 * A CI run that needs no diagnosis (it started, or ended green) still changes what the `closed-loop` check
 * says: the open pull request whose head it ran on is read again and shown (VERIFY while it runs, SHIP or
 * VALIDATE once everything passed). Without this, a pull request green at its first run stayed at INIT,
 * its check waiting for a CI run that had already passed. A merge group's run is the queue's, not a PR's.
 */
export async function refreshRunHead(
  env: AppEnv,
  repo: { owner: string; repo: string },
  run: RunFacts & { label: string },
  serverUrl: string,
  cause: StageCause,
): Promise<void> {
  if (pullOfQueueRef(run.headBranch ?? '') !== null)
    return env.log.info(`${run.label}: a merge group's run; its check is the merge group's`);
  const pr = await findRunPullRequest(env.octokit, repo, run, serverUrl);
  if (pr === null)
    return env.log.info(
      `${run.label}: no open pull request has head ${run.headSha.slice(0, 7)}; nothing to do`,
    );
  if (pr.state !== 'open' || pr.merged)
    return env.log.info(`${where(pr)}: closed; ${run.label} changes nothing on it`);
  if (pr.headSha !== run.headSha)
    return env.log.info(
      `${where(pr)}: ${run.label} is for ${run.headSha.slice(0, 7)}, but the pull request is at ${pr.headSha.slice(0, 7)}; nothing shown`,
    );
  await refreshPr(env, pr, cause);
}
