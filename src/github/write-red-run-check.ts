import type { Annotation } from '../core/github/annotations-for.js';
import { readFrom, sendWrite, type GitHub, type PlannedRequest } from './github-request.js';

const LIST = 'GET /repos/{owner}/{repo}/commits/{ref}/check-runs';
const CREATE = 'POST /repos/{owner}/{repo}/check-runs';
const UPDATE = 'PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}';
/** The Checks API takes at most 50 annotations per request; more are appended by further updates. */
export const ANNOTATIONS_PER_REQUEST = 50;

export interface RedRunCheck {
  name: string;
  headSha: string;
  conclusion: 'failure' | 'neutral' | 'success';
  output: { title: string; summary: string; text: string };
  annotations: Annotation[];
}

function apiAnnotation(a: Annotation): Record<string, unknown> {
  return {
    path: a.file ?? '.', start_line: a.startLine ?? 1, end_line: a.startLine ?? 1, annotation_level: a.level === 'error' ? 'failure' : a.level,
    title: a.title, message: a.message,
  };
}

/**
 * Writes the red run's check run on its head: created (or updated) with the first 50 annotations, the
 * rest appended 50 an update. Sends nothing when the latest run of that name already says the same.
 */
export async function writeRedRunCheck(octokit: GitHub, repo: { owner: string; repo: string }, check: RedRunCheck): Promise<{ outcome: 'created' | 'updated' | 'unchanged'; requests: PlannedRequest[] }> {
  const params = { ...repo, ref: check.headSha, check_name: check.name, filter: 'latest' as const, per_page: 1 };
  const { data } = await readFrom(octokit, LIST, params, () => octokit.request(LIST, params));
  const existing = (data.check_runs as { id: number; conclusion: string | null; output: { title: string | null; summary: string | null } }[])[0];
  const sent: PlannedRequest[] = [];
  if (existing && existing.conclusion === check.conclusion && existing.output.title === check.output.title && existing.output.summary === check.output.summary) {
    return { outcome: 'unchanged', requests: sent };
  }
  const batches: Annotation[][] = [];
  for (let i = 0; i < check.annotations.length; i += ANNOTATIONS_PER_REQUEST) batches.push(check.annotations.slice(i, i + ANNOTATIONS_PER_REQUEST));
  const output = (batch: Annotation[] | undefined) => ({ ...check.output, ...(batch ? { annotations: batch.map(apiAnnotation) } : {}) });
  const fields = { name: check.name, status: 'completed', conclusion: check.conclusion };
  let id = existing?.id;
  if (id === undefined) {
    const created = await sendWrite(octokit, sent, CREATE, { ...repo, head_sha: check.headSha, ...fields, output: output(batches[0]) });
    id = created.ok ? (created.data as { id: number }).id : undefined;
  } else {
    await sendWrite(octokit, sent, UPDATE, { ...repo, check_run_id: id, ...fields, output: output(batches[0]) });
  }
  for (const batch of batches.slice(1)) {
    if (id === undefined) break;
    await sendWrite(octokit, sent, UPDATE, { ...repo, check_run_id: id, output: output(batch) });
  }
  return { outcome: existing ? 'updated' : 'created', requests: sent };
}
