import { readFrom, sendWrite, type GitHub, type PlannedRequest } from './github-request.js';

export interface RerunTarget {
  owner: string;
  repo: string;
  headSha: string;
  /** Only runs on this branch (a SHA can be on several). */
  branch?: string;
  /** Only runs of this workflow (the one that reported the failure); default: the latest run of any. */
  workflowId?: number;
  /** A run already attempted this many times is not rerun again: no crash loop. Default 3. */
  maxAttempts?: number;
}

export type RerunOutcome = { kind: 'rerun'; runId: number; url: string } | { kind: 'nothing'; why: string };

interface ListedRun {
  id: number;
  status: string | null;
  conclusion: string | null;
  html_url: string;
  run_attempt?: number;
  workflow_id: number;
  created_at: string;
}

const LIST = 'GET /repos/{owner}/{repo}/actions/runs';
const RERUN = 'POST /repos/{owner}/{repo}/actions/runs/{run_id}/rerun-failed-jobs';
const RERUNNABLE = new Set(['failure', 'timed_out']);
const GREEN = new Set(['success', 'neutral', 'skipped']);

/**
 * Reruns the failed jobs (and the jobs that depend on them) of the latest workflow run on a head
 * SHA, when that run failed: the retry_with_backoff strategy for a flaky failure. Says why not
 * when there is no run, it is still going, it passed, it ended otherwise (cancelled, ...), or it
 * has used its attempts.
 */
export async function rerunFailedJobs(octokit: GitHub, target: RerunTarget): Promise<RerunOutcome> {
  const repo = { owner: target.owner, repo: target.repo };
  const params = {
    ...repo,
    head_sha: target.headSha,
    ...(target.branch ? { branch: target.branch } : {}),
    per_page: 100,
  };
  const { data } = await readFrom(octokit, LIST, params, () => octokit.request(LIST, params));
  const runs = (data.workflow_runs as ListedRun[])
    .filter((run) => target.workflowId === undefined || run.workflow_id === target.workflowId)
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const run = runs[0];
  const sha = target.headSha.slice(0, 7);
  if (run === undefined)
    return {
      kind: 'nothing',
      why: `no workflow run on ${sha}${target.branch ? ` (branch ${target.branch})` : ''}`,
    };
  if (run.status !== 'completed')
    return { kind: 'nothing', why: `run ${run.id} on ${sha} is still ${run.status ?? 'pending'}` };
  if (run.conclusion !== null && GREEN.has(run.conclusion))
    return { kind: 'nothing', why: `run ${run.id} on ${sha} already passed (${run.conclusion})` };
  if (run.conclusion === null || !RERUNNABLE.has(run.conclusion)) {
    return {
      kind: 'nothing',
      why: `run ${run.id} on ${sha} ended ${run.conclusion ?? 'without a conclusion'}; only failed or timed-out runs are rerun`,
    };
  }
  const maxAttempts = target.maxAttempts ?? 3;
  if ((run.run_attempt ?? 1) >= maxAttempts) {
    return {
      kind: 'nothing',
      why: `run ${run.id} on ${sha} has already run ${run.run_attempt} times; it is not rerun again`,
    };
  }
  const sent: PlannedRequest[] = [];
  await sendWrite(octokit, sent, RERUN, { ...repo, run_id: run.id });
  return { kind: 'rerun', runId: run.id, url: run.html_url };
}

/**
 * Re-runs the failed jobs (and their dependents) of one known run: the App's re-run of a transient failure.
 */
export async function rerunRunFailedJobs(
  octokit: GitHub,
  target: { owner: string; repo: string; runId: number },
): Promise<PlannedRequest[]> {
  const sent: PlannedRequest[] = [];
  await sendWrite(octokit, sent, RERUN, { owner: target.owner, repo: target.repo, run_id: target.runId });
  return sent;
}
