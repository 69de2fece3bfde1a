import { readFrom, type GitHub } from './github-request.js';

const ISSUES = 'GET /repos/{owner}/{repo}/issues';

/**
 * The repository's flaky record issue (labelled `label`, opened by the App), open or closed; null when there
 * is none.
 */
export async function findFlakyIssue(
  octokit: GitHub,
  repo: { owner: string; repo: string },
  label: string,
  author: string,
): Promise<{ number: number; body: string } | null> {
  const params = {
    ...repo,
    labels: label,
    state: 'all' as const,
    creator: author,
    sort: 'created' as const,
    direction: 'asc' as const,
    per_page: 5,
  };
  const { data } = await readFrom(octokit, ISSUES, params, () => octokit.request(ISSUES, params));
  const issue = (
    data as {
      number: number;
      body?: string | null;
      user?: { login: string } | null;
      pull_request?: unknown;
    }[]
  ).find((i) => i.pull_request === undefined && i.user?.login === author);
  return issue ? { number: issue.number, body: issue.body ?? '' } : null;
}
