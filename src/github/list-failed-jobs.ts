import { readFrom, type GitHub } from './github-request.js';

export interface FailedJob {
  id: number;
  name: string;
  url: string;
  /** The names of the steps that failed, in order. */
  failedSteps: string[];
}

interface ListedJob {
  id: number;
  name: string;
  conclusion: string | null;
  html_url: string | null;
  steps?: { name: string; conclusion: string | null }[];
}

const JOBS = 'GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs';
const FAILED = new Set(['failure', 'timed_out']);
/** More failed jobs than this in one run are not each read: a bounded cost per red run. */
const MAX_FAILED_JOBS = 10;

/** The jobs of a run's latest attempt that failed (or timed out), with their failed steps; one request. */
export async function listFailedJobs(
  octokit: GitHub,
  target: { owner: string; repo: string; runId: number },
): Promise<{ jobs: FailedJob[]; more: number }> {
  const params = {
    owner: target.owner,
    repo: target.repo,
    run_id: target.runId,
    filter: 'latest' as const,
    per_page: 100,
  };
  const { data } = await readFrom(octokit, JOBS, params, () => octokit.request(JOBS, params));
  const failed = (data.jobs as ListedJob[])
    .filter((j) => j.conclusion !== null && FAILED.has(j.conclusion))
    .map((j): FailedJob => ({
      id: j.id,
      name: j.name,
      url: j.html_url ?? '',
      failedSteps: (j.steps ?? [])
        .filter((s) => s.conclusion !== null && FAILED.has(s.conclusion))
        .map((s) => s.name),
    }));
  return { jobs: failed.slice(0, MAX_FAILED_JOBS), more: Math.max(0, failed.length - MAX_FAILED_JOBS) };
}
