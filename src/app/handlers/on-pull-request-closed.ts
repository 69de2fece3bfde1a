import { evaluateGates } from '../../core/gates/evaluate-gates.js';
import { serverUrlOf } from '../server-url-of.js';
import { extractCriteria, findTaskSpecPath } from '../../core/verify/index.js';
import type { AppEnv } from '../app-env.js';
import { loopStanding, type AppState } from '../app-state.js';
import { runVerify } from '../command-handlers/verify-command.js';
import type { PrSnapshot } from '../gather-pr.js';
import { gatherPr } from '../gather-pr.js';
import { handoffFor } from '../handoff-facts.js';
import { publishPr } from '../publish-pr.js';
import { readMergeGroupMemory } from '../merge-group-memory.js';
import { fetchPrFacts, prFacts, where, type PrFacts } from '../pull-request-facts.js';
import type { CiPrState } from '../../core/pull-request/ci-state.js';

/**
 * pull_request closed. Merged: the stage machine's COMPLETE, and the handoff comment — one per pull
 * request, whatever is redelivered (an upsert by its marker, written from facts that do not change
 * after the merge). Closed without merging: ENDED, said on the sticky comment when there is one;
 * nothing else is written (no check, no labels, no report).
 */
export async function onPullRequestClosed(
  env: AppEnv,
  payload: { pull_request: Parameters<typeof prFacts>[0] & ClosedFacts; repository?: { html_url?: string } },
): Promise<void> {
  const sent = prFacts(payload.pull_request, serverUrlOf(payload));
  await recordEnd(env, `${sent.owner}/${sent.repo}`, payload.pull_request);
  const pr = await fetchPrFacts(
    env.octokit,
    { owner: sent.owner, repo: sent.repo, number: sent.number },
    sent.serverUrl,
  );
  if (pr.state === 'open')
    return env.log.info(`${where(pr)}: closed, then reopened since; its reopened delivery shows it`);
  const gathered = await gatherPr(env, pr);
  if (!gathered.ok)
    return env.log.warn(`${where(pr)}: ${gathered.configError}; the pull request's end is not shown`);
  const { snapshot } = gathered;
  if (!pr.merged) {
    return void (await publishPr(env, {
      snapshot,
      state: snapshot.state,
      memory: snapshot.memory,
      cause: 'closed',
    }));
  }
  // The handoff names the criteria's last verdicts: verified now when the merged head never was.
  const state = await verifyMergedHead(env, snapshot);
  const queued = await mergeQueueRuns(env, pr, payload.pull_request.merge_commit_sha ?? null);
  await publishPr(env, {
    snapshot,
    state,
    memory: snapshot.memory,
    cause: 'merged',
    ...(pr.mergedAt ? { at: pr.mergedAt } : {}),
    handoff: (state, evaluated) => handoffFor(snapshot, state, evaluated, queued),
  });
}

/**
 * The red runs the App handled in the merge queue for this pull request: a merge queue merges the very
 * commit it tested, so the merge commit is the merge group's head, whose `closed-loop` check keeps them
 * (signed). None for a merge without the queue; a failed read costs the handoff only those.
 */
async function mergeQueueRuns(env: AppEnv, pr: PrFacts, mergeSha: string | null): Promise<CiPrState> {
  if (mergeSha === null || !/^[0-9a-f]{40}$/.test(mergeSha)) return { runs: [] };
  try {
    return await readMergeGroupMemory(env, { owner: pr.owner, repo: pr.repo, sha: mergeSha });
  } catch (error) {
    env.log.warn(
      `${where(pr)}: the merge queue's runs on ${mergeSha.slice(0, 7)} could not be read (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); the handoff leaves them out`,
    );
    return { runs: [] };
  }
}

interface ClosedFacts {
  number: number;
  title?: string;
  html_url?: string;
  merged?: boolean | null;
  merged_at?: string | null;
  closed_at?: string | null;
  merge_commit_sha?: string | null;
}

/**
 * The outcome history's end of the pull request, whatever GitHub shows after: merged (COMPLETE, with its
 * merge commit: a later revert of it on the default branch counts against the fixes it carried) or not
 * (ENDED); its fixes are then merged or abandoned.
 */
async function recordEnd(env: AppEnv, repo: string, pull: ClosedFacts): Promise<void> {
  const merged = pull.merged === true;
  const stage = merged ? 'COMPLETE' : 'ENDED';
  const at = new Date((merged ? pull.merged_at : pull.closed_at) ?? Date.now()).toISOString();
  await env.outcomes.recordStage({
    installation: env.installation,
    repo,
    pr: pull.number,
    stage,
    at,
    sha: merged ? (pull.merge_commit_sha ?? null) : null,
    ...(pull.title === undefined ? {} : { title: pull.title }),
    ...(pull.html_url === undefined ? {} : { url: pull.html_url }),
  });
}

async function verifyMergedHead(env: AppEnv, snapshot: PrSnapshot): Promise<AppState> {
  const { pr, state } = snapshot;
  const hasCriteria =
    extractCriteria(pr.body, null).length > 0 ||
    findTaskSpecPath(pr.body, `${pr.serverUrl}/${pr.owner}/${pr.repo}`) !== null;
  if (!hasCriteria || state.verification?.head_sha === pr.headSha) return state;
  const evaluated = evaluateGates(snapshot.required, state.gates, {
    headSha: pr.headSha,
    gatesConfig: snapshot.config.gates,
  });
  const verified = await runVerify(env, snapshot, evaluated, loopStanding(snapshot.memory, state));
  return { ...state, verification: verified.memory };
}
