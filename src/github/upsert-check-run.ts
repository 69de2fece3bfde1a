import type { CheckRun } from '../core/plan/plan-schema.js';
import { mayHaveStored } from './github-write-error.js';
import { readFrom, sendWrite, type AppliedWrite, type GitHub, type PlanTarget, type PlannedRequest } from './github-request.js';

const LIST = 'GET /repos/{owner}/{repo}/commits/{ref}/check-runs';
const CREATE = 'POST /repos/{owner}/{repo}/check-runs';
const UPDATE = 'PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}';

interface ListedRun {
  id: number;
  status: string;
  conclusion: string | null;
  output: { title: string | null; summary: string | null; text: string | null };
}

/** Whether the existing run already says what the write says (a duplicate delivery). */
function sameRun(run: ListedRun, write: CheckRun): boolean {
  return run.status === write.status
    && (run.conclusion ?? undefined) === write.conclusion
    && (run.output.title ?? '') === write.output.title
    && (run.output.summary ?? '') === write.output.summary
    && (run.output.text ?? '') === (write.output.text ?? '');
}

/** The fields both create and update take. */
function runFields(write: CheckRun): Record<string, unknown> {
  return {
    name: write.name,
    status: write.status,
    ...(write.conclusion === undefined ? {} : { conclusion: write.conclusion }),
    output: write.output,
  };
}

/**
 * The latest run of that name on the head. Read from the head's first page of latest runs — the page
 * the gate check already read in this delivery, so usually no request at all — and by name only when
 * that page is not the whole list.
 */
async function latestRun(octokit: GitHub, target: PlanTarget, write: CheckRun): Promise<ListedRun | undefined> {
  const params = { owner: target.owner, repo: target.repo, ref: write.head_sha, filter: 'latest', per_page: 100 };
  const page = await readFrom(octokit, LIST, params, () => octokit.request(LIST, { ...params, filter: 'latest' as const }));
  const runs = page.data.check_runs as (ListedRun & { name: string })[];
  const found = runs.find((r) => r.name === write.name);
  if (found !== undefined || page.data.total_count <= runs.length) return found;
  const named = { ...params, check_name: write.name };
  const response = await readFrom(octokit, LIST, named, () => octokit.request(LIST, { ...named, filter: 'latest' as const }));
  return (response.data.check_runs as ListedRun[])[0];
}

/**
 * Creates the check run of that name on that head SHA, or updates the latest one there; sends
 * nothing when it already says the same.
 */
export async function upsertCheckRun(octokit: GitHub, target: PlanTarget, write: CheckRun): Promise<AppliedWrite> {
  const repo = { owner: target.owner, repo: target.repo };
  let existing = await latestRun(octokit, target, write);
  const sent: PlannedRequest[] = [];
  const what = `check run "${write.name}" on ${write.head_sha.slice(0, 7)}`;
  for (let tries = 1; existing === undefined; tries++) {
    try {
      const result = await sendWrite(octokit, sent, CREATE, { ...repo, head_sha: write.head_sha, ...runFields(write) });
      const id = result.ok ? (result.data as { id: number }).id : undefined;
      return { kind: 'check_run', outcome: 'created', detail: `created ${what}`, ...(id ? { id } : {}), requests: sent };
    } catch (error) {
      // GitHub may have stored the run before failing: look before creating another.
      if (!mayHaveStored(error) || tries >= 2) throw error;
      existing = await latestRun(octokit, target, write);
    }
  }
  if (sameRun(existing, write)) {
    return { kind: 'check_run', outcome: 'unchanged', detail: `${what} already says this`, id: existing.id, requests: sent };
  }
  await sendWrite(octokit, sent, UPDATE, { ...repo, check_run_id: existing.id, ...runFields(write) });
  return { kind: 'check_run', outcome: 'updated', detail: `updated ${what}`, id: existing.id, requests: sent };
}
