import type { CheckAnnotation, CheckRun } from '../core/plan/plan-schema.js';
import { mayHaveStored } from './github-write-error.js';
import {
  readFrom,
  sendWrite,
  type AppliedWrite,
  type GitHub,
  type PlanTarget,
  type PlannedRequest,
} from './github-request.js';

const LIST = 'GET /repos/{owner}/{repo}/commits/{ref}/check-runs';
const CREATE = 'POST /repos/{owner}/{repo}/check-runs';
const UPDATE = 'PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}';
/** The Checks API takes at most 50 annotations per request; more are appended by further updates. */
const ANNOTATIONS_PER_REQUEST = 50;

interface ListedRun {
  id: number;
  status: string;
  conclusion: string | null;
  output: { title: string | null; summary: string | null; text: string | null };
}

/** Whether the existing run already says what the write says (a duplicate delivery). */
function sameRun(run: ListedRun, write: CheckRun): boolean {
  return (
    run.status === write.status &&
    (run.conclusion ?? undefined) === write.conclusion &&
    (run.output.title ?? '') === write.output.title &&
    (run.output.summary ?? '') === write.output.summary &&
    (run.output.text ?? '') === (write.output.text ?? '')
  );
}

/** The fields both create and update take, with the first batch of annotations. */
function runFields(write: CheckRun, batch: CheckAnnotation[] = []): Record<string, unknown> {
  return {
    name: write.name,
    status: write.status,
    ...(write.conclusion === undefined ? {} : { conclusion: write.conclusion }),
    output: batch.length > 0 ? { ...write.output, annotations: batch } : write.output,
  };
}

/** Appends the annotations after the first 50 to a run, 50 an update (GitHub appends each update's). */
async function appendAnnotations(
  octokit: GitHub,
  repo: { owner: string; repo: string },
  id: number,
  write: CheckRun,
  sent: PlannedRequest[],
): Promise<void> {
  const all = write.annotations ?? [];
  for (let i = ANNOTATIONS_PER_REQUEST; i < all.length; i += ANNOTATIONS_PER_REQUEST) {
    await sendWrite(octokit, sent, UPDATE, {
      ...repo,
      check_run_id: id,
      output: { ...write.output, annotations: all.slice(i, i + ANNOTATIONS_PER_REQUEST) },
    });
  }
}

/**
 * The latest run of that name on the head. Read from the head's first page of latest runs — the page
 * the gate check already read in this delivery, so usually no request at all — and by name only when
 * that page is not the whole list.
 */
async function latestRun(
  octokit: GitHub,
  target: PlanTarget,
  write: CheckRun,
): Promise<ListedRun | undefined> {
  const params = {
    owner: target.owner,
    repo: target.repo,
    ref: write.head_sha,
    filter: 'latest',
    per_page: 100,
  };
  const page = await readFrom(octokit, LIST, params, () =>
    octokit.request(LIST, { ...params, filter: 'latest' as const }),
  );
  const runs = page.data.check_runs as (ListedRun & { name: string })[];
  const found = runs.find((r) => r.name === write.name);
  if (found !== undefined || page.data.total_count <= runs.length) return found;
  const named = { ...params, check_name: write.name };
  const response = await readFrom(octokit, LIST, named, () =>
    octokit.request(LIST, { ...named, filter: 'latest' as const }),
  );
  return (response.data.check_runs as ListedRun[])[0];
}

/**
 * Creates the check run of that name on that head SHA, or updates the latest one there; sends
 * nothing when it already says the same. A write with annotations creates a new run (GitHub appends
 * annotations to a run, so an update would keep an earlier diagnosis's beside the new ones).
 */
export async function upsertCheckRun(
  octokit: GitHub,
  target: PlanTarget,
  write: CheckRun,
): Promise<AppliedWrite> {
  const repo = { owner: target.owner, repo: target.repo };
  let existing = await latestRun(octokit, target, write);
  const sent: PlannedRequest[] = [];
  const what = `check run "${write.name}" on ${write.head_sha.slice(0, 7)}`;
  const annotated = (write.annotations ?? []).length > 0;
  const first = (write.annotations ?? []).slice(0, ANNOTATIONS_PER_REQUEST);
  if (annotated && existing !== undefined && sameRun(existing, write)) {
    return {
      kind: 'check_run',
      outcome: 'unchanged',
      detail: `${what} already says this`,
      id: existing.id,
      requests: sent,
    };
  }
  for (let tries = 1; existing === undefined || annotated; tries++) {
    try {
      const result = await sendWrite(octokit, sent, CREATE, {
        ...repo,
        head_sha: write.head_sha,
        ...runFields(write, first),
      });
      const id = result.ok ? (result.data as { id: number }).id : undefined;
      if (id !== undefined) await appendAnnotations(octokit, repo, id, write, sent);
      return {
        kind: 'check_run',
        outcome: 'created',
        detail: `created ${what}${annotated ? ` with ${write.annotations?.length} annotation(s)` : ''}`,
        ...(id ? { id } : {}),
        requests: sent,
      };
    } catch (error) {
      // GitHub may have stored the run before failing: look before creating another.
      if (!mayHaveStored(error) || tries >= 2) throw error;
      existing = await latestRun(octokit, target, write);
      if (annotated && existing !== undefined && sameRun(existing, write)) {
        return {
          kind: 'check_run',
          outcome: 'created',
          detail: `created ${what} (GitHub stored it before failing)`,
          id: existing.id,
          requests: sent,
        };
      }
    }
  }
  if (sameRun(existing, write)) {
    return {
      kind: 'check_run',
      outcome: 'unchanged',
      detail: `${what} already says this`,
      id: existing.id,
      requests: sent,
    };
  }
  await sendWrite(octokit, sent, UPDATE, { ...repo, check_run_id: existing.id, ...runFields(write) });
  return {
    kind: 'check_run',
    outcome: 'updated',
    detail: `updated ${what}`,
    id: existing.id,
    requests: sent,
  };
}
