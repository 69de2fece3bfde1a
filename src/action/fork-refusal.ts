import { GitHubWriteError } from '../github/github-write-error.js';

/** What the generic 403 advises; on a fork's pull request it cannot be followed. */
const PERMISSIONS_ADVICE = / — add it to the workflow's permissions block or the App's permissions\.$/;

const FORK_ADVICE =
  ", which a workflow run for a pull request from a fork does not get: GitHub makes that run's token read-only whatever the workflow's permissions block says (unless the repository's settings send write tokens to fork pull requests). To let closed-loop write on such pull requests, run it on `pull_request_target` (with care: the job then runs the fork's code with a write token) or use the App (docs/app.md).";

/**
 * A write GitHub refused (403) on a pull request from a fork, said in terms of the fork's token, once per
 * run: `warn` is false for a later refusal, which the first one's warning already explains. Null for any
 * other error, which keeps its own message.
 */
export function forkRefusal(
  s: { pr: { isFork: boolean }; forkRefused?: boolean },
  error: GitHubWriteError,
  message: string,
): { message: string; warn: boolean } | null {
  if (!s.pr.isFork || error.status !== 403) return null;
  const warn = s.forkRefused !== true;
  s.forkRefused = true;
  return { message: message.replace(PERMISSIONS_ADVICE, FORK_ADVICE), warn };
}
