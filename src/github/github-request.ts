import type { Octokit } from '@octokit/rest';
import { GitHubWriteError, isHttpError, toGitHubWriteError } from './github-write-error.js';

/** What src/github needs of an Octokit: the Action's client, the App's, or a test's. */
export type GitHub = Pick<Octokit, 'request' | 'paginate'>;

/** The pull request (or issue) a plan is applied to. */
export interface PlanTarget {
  owner: string;
  repo: string;
  issue_number: number;
}

/** A write request, as sent or (in a dry run) as it would be sent. */
export interface PlannedRequest {
  method: string;
  url: string;
  body?: unknown;
  note?: string;
}

type Params = Record<string, unknown>;

/** Builds a request without sending it (the dry run, and the record of what was sent). */
export function buildRequest(octokit: GitHub, route: string, params: Params, note?: string): PlannedRequest {
  const endpoint = octokit.request.endpoint(route, params);
  const built: PlannedRequest = { method: endpoint.method, url: endpoint.url };
  if (endpoint.body !== undefined) built.body = { ...(endpoint.body as object) };
  if (note !== undefined) built.note = note;
  return built;
}

/** Renders a request the way a dry run prints it: `METHOD URL` and the JSON body. */
export function formatRequest(request: PlannedRequest): string {
  const body = request.body === undefined ? '' : ` ${JSON.stringify(request.body)}`;
  const note = request.note === undefined ? '' : ` (${request.note})`;
  return `${request.method} ${request.url}${body}${note}`;
}

/**
 * Sends one write, records it in `sent`, and turns a failure into a GitHubWriteError. A status in
 * `tolerate` (e.g. 404 on deleting what is already gone) returns false instead of throwing.
 */
export async function sendWrite(
  octokit: GitHub,
  sent: PlannedRequest[],
  route: string,
  params: Params,
  tolerate: (status: number, error: unknown) => boolean = () => false,
): Promise<{ ok: true; data: unknown } | { ok: false }> {
  const request = buildRequest(octokit, route, params);
  try {
    const response = await octokit.request(route, params);
    sent.push(request);
    return { ok: true, data: response.data };
  } catch (error) {
    if (isHttpError(error) && tolerate(error.status, error)) return { ok: false };
    throw toGitHubWriteError(error, request.method, request.url);
  }
}

/** Runs a read (a GET, maybe paginated), turning a failure into a GitHubWriteError. */
export async function readFrom<T>(
  octokit: GitHub,
  route: string,
  params: Params,
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof GitHubWriteError) throw error;
    const { method, url } = buildRequest(octokit, route, params);
    throw toGitHubWriteError(error, method, url);
  }
}

/** What applying one write did. `requests` are the writes sent (or, in a dry run, that would be). */
export interface AppliedWrite {
  kind: 'upsert_comment' | 'add_labels' | 'remove_labels' | 'ensure_labels' | 'check_run';
  outcome: 'created' | 'updated' | 'unchanged' | 'dry-run';
  detail: string;
  /** The comment or check run written, when there is one. */
  id?: number;
  requests: PlannedRequest[];
}
