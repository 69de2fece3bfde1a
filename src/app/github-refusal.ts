import { GitHubWriteError, isHttpError } from '../github/github-write-error.js';
import { isPassing } from './guard-delivery.js';

/** GitHub's answer to a request it would refuse again: what a reply on the pull request may say of it. */
export interface GitHubRefusal {
  status: number | undefined;
  /** `METHOD URL`, when known. */
  request: string | undefined;
  /** GitHub's own message, its first line, clipped. */
  said: string;
  /** The whole one-line explanation, for the log. */
  line: string;
}

/**
 * A GitHub refusal that trying again would not cure (a 404, a 403 for a permission, a 422), or null:
 * a passing failure (5xx, rate limit) is the queue's to retry, credentials GitHub rejects (401) are the
 * operator's, and anything else is a bug.
 */
export function githubRefusal(error: unknown): GitHubRefusal | null {
  if (isPassing(error)) return null;
  if (error instanceof GitHubWriteError) {
    if (error.code === 'unauthorized') return null;
    const cause = error.cause;
    return {
      status: error.status,
      request: error.request,
      said: clip(isHttpError(cause) ? withoutDocs(cause.message) : ''),
      line: error.message,
    };
  }
  if (isHttpError(error) && error.status !== 401) {
    const req = (error as { request?: { method?: string; url?: string } }).request;
    const request = req?.method && req.url ? `${req.method} ${req.url}` : undefined;
    const said = clip(withoutDocs(error.message));
    return {
      status: error.status,
      request,
      said,
      line: `${request ?? 'a request'} (${error.status}): ${said}`,
    };
  }
  return null;
}

const WHY: Record<number, string> = {
  403: 'the App may lack a permission this needs, or a rule on the repository (a branch protection) refuses it',
  404: 'what it needs (the branch, a commit, the repository) is gone, or the App cannot see it',
  409: 'the branch moved or is in a state that does not allow it',
  422: 'GitHub did not accept the request',
};

/** One sentence for the pull request: GitHub's status, its message and the request; no secrets in any. */
export function describeRefusal(refusal: GitHubRefusal): string {
  const status = refusal.status === undefined ? 'an error' : String(refusal.status);
  const said = refusal.said ? ` (“${refusal.said.replace(/[`\n]/g, ' ')}”)` : '';
  const to = refusal.request ? ` to \`${refusal.request.replace(/`/g, '')}\`` : '';
  const why = refusal.status !== undefined ? WHY[refusal.status] : undefined;
  return `GitHub answered ${status}${said}${to}${why ? `: ${why}` : ''}`;
}

/** Octokit ends GitHub's message with ` - <documentation_url>`: the message is what GitHub said. */
const withoutDocs = (message: string): string => message.replace(/ - https:\/\/docs\.github\.com\S*$/, '');

function clip(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}
