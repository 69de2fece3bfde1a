import { readFrom, type GitHub } from '../github/github-request.js';
import type { GraphqlClient } from '../github/read-comment-editor.js';
import { fetchPrFacts, prFacts, type PrFacts } from './pull-request-facts.js';

export interface RunFacts {
  id: number;
  headSha: string;
  headBranch: string | null;
  /** `owner/name` of the repository the run's head came from (a fork's, for a fork PR). */
  headRepo: string | null;
  pullNumbers: number[];
  url: string;
}

const LIST = 'GET /repos/{owner}/{repo}/pulls';

/**
 * The open pull request a workflow run evaluated. GitHub lists it in `pull_requests` only for
 * branches of the same repository; a fork's run is matched by its head branch and SHA.
 */
export async function findRunPullRequest(
  octokit: GitHub & GraphqlClient,
  where: { owner: string; repo: string },
  run: RunFacts,
  serverUrl: string,
): Promise<PrFacts | null> {
  const number = run.pullNumbers[0];
  if (number !== undefined) return fetchPrFacts(octokit, { ...where, number }, serverUrl);
  if (run.headBranch === null || run.headRepo === null) return null;
  const params = {
    ...where,
    state: 'open' as const,
    head: `${run.headRepo.split('/')[0]}:${run.headBranch}`,
    per_page: 10,
  };
  const { data } = await readFrom(octokit, LIST, params, () => octokit.request(LIST, params));
  const pulls = (data as Parameters<typeof prFacts>[0][])
    .map((pull) => prFacts(pull, serverUrl))
    .filter((p) => p.headSha === run.headSha);
  return pulls[0] ?? null;
}

/** A workflow run as the App works it: its PR facts, attempt, workflow name and conclusion. */
export interface PlainRun extends RunFacts {
  attempt: number;
  workflow: string;
  conclusion: string | null;
  /** When it completed (the payload's `updated_at`): the time its outcome is recorded at. */
  completedAt: string;
}
