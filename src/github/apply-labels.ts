import type { AddLabels, EnsureLabels, RemoveLabels } from '../core/plan/plan-schema.js';
import {
  readFrom,
  sendWrite,
  type AppliedWrite,
  type GitHub,
  type PlanTarget,
  type PlannedRequest,
} from './github-request.js';

const LIST_ON_ISSUE = 'GET /repos/{owner}/{repo}/issues/{issue_number}/labels';
const ADD = 'POST /repos/{owner}/{repo}/issues/{issue_number}/labels';
const REMOVE = 'DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}';
const LIST_IN_REPO = 'GET /repos/{owner}/{repo}/labels';
const CREATE = 'POST /repos/{owner}/{repo}/labels';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

async function labelsOn(octokit: GitHub, target: PlanTarget): Promise<string[]> {
  const params = { ...target, per_page: 100 };
  const labels = await readFrom(octokit, LIST_ON_ISSUE, params, () =>
    octokit.paginate(LIST_ON_ISSUE, params),
  );
  return labels.map((l) => l.name);
}

/** Adds the labels the PR lacks; sends nothing when it has them all. */
export async function addLabels(
  octokit: GitHub,
  target: PlanTarget,
  write: AddLabels,
): Promise<AppliedWrite> {
  const current = await labelsOn(octokit, target);
  const missing = write.labels.filter((l) => !current.some((c) => same(c, l)));
  const sent: PlannedRequest[] = [];
  if (missing.length > 0) await sendWrite(octokit, sent, ADD, { ...target, labels: missing });
  return missing.length > 0
    ? { kind: 'add_labels', outcome: 'updated', detail: `added ${missing.join(', ')}`, requests: sent }
    : {
        kind: 'add_labels',
        outcome: 'unchanged',
        detail: `already labelled ${write.labels.join(', ')}`,
        requests: sent,
      };
}

/** Removes the labels the PR has; a label already gone (404) is what we wanted. */
export async function removeLabels(
  octokit: GitHub,
  target: PlanTarget,
  write: RemoveLabels,
): Promise<AppliedWrite> {
  const current = await labelsOn(octokit, target);
  const present = current.filter((c) => write.labels.some((l) => same(c, l)));
  const sent: PlannedRequest[] = [];
  for (const name of present) await sendWrite(octokit, sent, REMOVE, { ...target, name }, (s) => s === 404);
  return present.length > 0
    ? { kind: 'remove_labels', outcome: 'updated', detail: `removed ${present.join(', ')}`, requests: sent }
    : {
        kind: 'remove_labels',
        outcome: 'unchanged',
        detail: `none of ${write.labels.join(', ')} to remove`,
        requests: sent,
      };
}

function alreadyExists(status: number, error: unknown): boolean {
  const errors = (error as { response?: { data?: { errors?: { code?: string }[] } } }).response?.data?.errors;
  return status === 422 && (errors ?? []).some((e) => e.code === 'already_exists');
}

/**
 * Creates the repository labels that are missing. Existing labels keep their colour and description:
 * a team may have restyled them. 422 `already_exists` (another instance was faster) is fine.
 */
export async function ensureLabels(
  octokit: GitHub,
  target: PlanTarget,
  write: EnsureLabels,
): Promise<AppliedWrite> {
  const params = { owner: target.owner, repo: target.repo, per_page: 100 };
  const existing = (
    await readFrom(octokit, LIST_IN_REPO, params, () => octokit.paginate(LIST_IN_REPO, params))
  ).map((l) => l.name);
  const missing = write.labels.filter((l) => !existing.some((e) => same(e, l.name)));
  const sent: PlannedRequest[] = [];
  const created: string[] = [];
  for (const label of missing) {
    const result = await sendWrite(
      octokit,
      sent,
      CREATE,
      { owner: target.owner, repo: target.repo, ...label },
      alreadyExists,
    );
    if (result.ok) created.push(label.name);
  }
  return created.length > 0
    ? {
        kind: 'ensure_labels',
        outcome: 'created',
        detail: `created labels ${created.join(', ')}`,
        requests: sent,
      }
    : { kind: 'ensure_labels', outcome: 'unchanged', detail: 'all labels exist', requests: sent };
}
