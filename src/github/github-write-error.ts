/** Why a write to GitHub failed, in terms of what a person does next. */
export type GitHubWriteErrorCode =
  'not_found' | 'forbidden' | 'unauthorized' | 'rate_limited' | 'invalid' | 'invalid_plan' | 'failed';

/** The one error src/github throws: a one-line message that says what to do. */
export class GitHubWriteError extends Error {
  override readonly name = 'GitHubWriteError';
  constructor(
    message: string,
    readonly code: GitHubWriteErrorCode,
    /** The HTTP status GitHub answered with, when it answered. */
    readonly status?: number,
    /** `METHOD URL` of the request that failed. */
    readonly request?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What an octokit RequestError carries (duck-typed: the class belongs to a transitive package). */
export interface HttpErrorLike {
  status: number;
  message: string;
  response?: { headers?: Record<string, string | undefined>; data?: unknown };
}

export function isHttpError(error: unknown): error is HttpErrorLike {
  return error instanceof Error && typeof (error as { status?: unknown }).status === 'number';
}

/** The permission a fine-grained token, GITHUB_TOKEN or the App needs for a request. */
export function requiredPermission(method: string, url: string): string {
  const access = method === 'GET' ? 'read' : 'write';
  const path = new URL(url, 'https://api.github.com').pathname;
  if (path.includes('/check-runs')) return `checks: ${access}`;
  // Workflow runs, their jobs, logs and artifacts (the App's `/close-loop retry` re-runs failed jobs).
  if (/\/actions\//.test(path)) return `actions: ${access}`;
  if (/\/pulls(\/|$)/.test(path)) return `pull-requests: ${access}`;
  if (/\/issues\/\d+\//.test(path))
    return `issues: ${access} (or pull-requests: ${access} on a pull request)`;
  if (path.includes('/issues/') || path.includes('/labels')) return `issues: ${access}`;
  return `contents: ${access}`;
}

function isRateLimited(error: HttpErrorLike): boolean {
  if (error.status !== 403 && error.status !== 429) return false;
  return (
    /\bsecondary rate\b|rate limit/i.test(error.message) ||
    error.response?.headers?.['x-ratelimit-remaining'] === '0'
  );
}

/** Turns whatever octokit threw for `METHOD URL` into a GitHubWriteError with the next step. */
export function toGitHubWriteError(error: unknown, method: string, url: string): GitHubWriteError {
  if (error instanceof GitHubWriteError) return error;
  const request = `${method} ${url}`;
  if (!isHttpError(error)) {
    const reason = error instanceof Error ? error.message : String(error);
    return new GitHubWriteError(`${request} failed: ${reason}`, 'failed', undefined, request, {
      cause: error,
    });
  }
  const said = firstLine(error.message);
  const make = (message: string, code: GitHubWriteErrorCode) =>
    new GitHubWriteError(message, code, error.status, request, { cause: error });
  if (isRateLimited(error)) {
    const wait = error.response?.headers?.['retry-after'] ?? '60';
    return make(
      `GitHub's rate limit stopped ${request} (${error.status}: ${said}); wait ${wait} s and run again — other jobs may share this token's limit.`,
      'rate_limited',
    );
  }
  switch (error.status) {
    case 401:
      return make(
        `GitHub rejected the token for ${request} (401: ${said}); check that the token is set and has not expired.`,
        'unauthorized',
      );
    case 403:
      return make(
        `GitHub refused ${request} (403: ${said}); the token needs the \`${requiredPermission(method, url)}\` permission — add it to the workflow's permissions block or the App's permissions.`,
        'forbidden',
      );
    case 404:
      return make(
        `GitHub found nothing at ${request} (404): the pull request, branch or repository is gone, or the token cannot see it; nothing was changed.`,
        'not_found',
      );
    case 422:
      return make(
        `GitHub did not accept ${request} (422: ${said}); this is a closed-loop bug, please report it.`,
        'invalid',
      );
    default:
      return make(
        `${request} failed (${error.status}: ${said}); GitHub may be having trouble — run again later.`,
        'failed',
      );
  }
}

function firstLine(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/**
 * Whether a failed create may still have been stored by GitHub (a 5xx or a lost answer), so a retry must look
 * first.
 */
export function mayHaveStored(error: unknown): boolean {
  return error instanceof GitHubWriteError && (error.status === undefined || error.status >= 500);
}
