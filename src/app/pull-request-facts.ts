import type { GitHub } from '../github/github-request.js';
import { readFrom } from '../github/github-request.js';
import { prefetchPullRequest } from '../github/prefetch-pull-request.js';
import type { GraphqlClient } from '../github/read-comment-editor.js';

/** What the App needs to know of a pull request, from a payload or from the API. */
export interface PrFacts {
  owner: string;
  repo: string;
  number: number;
  headSha: string;
  headRef: string;
  /** The head branch lives in another repository: never pushed to. */
  isFork: boolean;
  author: string;
  body: string;
  labels: string[];
  /** Where the config is read from: the base repository's default branch. */
  defaultBranch: string;
  state: string;
  draft: boolean;
  /** When it was opened (ISO). */
  createdAt: string;
  merged: boolean;
  /** When it was merged, and by whom (null while it is not). */
  mergedAt: string | null;
  mergedBy: string | null;
  /** The server's web address (`https://github.com`, or a GHES host): where the App's links point. */
  serverUrl: string;
}

interface PullLike {
  number: number;
  state: string;
  draft?: boolean | null;
  created_at?: string;
  merged?: boolean | null;
  merged_at?: string | null;
  merged_by?: { login: string } | null;
  body?: string | null;
  user?: { login: string } | null;
  labels?: { name?: string }[];
  head: { sha: string; ref: string; repo?: { full_name: string } | null };
  base: { repo: { full_name: string; default_branch?: string; name: string; owner: { login: string } } };
}

/**
 * The facts of a pull request object as webhooks and `GET /pulls/{n}` carry it; `serverUrl` is the
 * delivery's (serverUrlOf).
 */
export function prFacts(pull: PullLike, serverUrl: string): PrFacts {
  const base = pull.base.repo;
  return {
    owner: base.owner.login,
    repo: base.name,
    number: pull.number,
    headSha: pull.head.sha,
    headRef: pull.head.ref,
    isFork: (pull.head.repo?.full_name ?? '').toLowerCase() !== base.full_name.toLowerCase(),
    author: pull.user?.login ?? '',
    body: (pull.body ?? '').slice(0, 65_536),
    labels: (pull.labels ?? []).map((l) => l.name ?? '').filter((l) => l !== ''),
    defaultBranch: base.default_branch ?? 'main',
    state: pull.state,
    draft: pull.draft === true,
    createdAt: pull.created_at ?? '',
    // A payload's `merged` is set on `closed`; `merged_at` is there on every merged pull request.
    merged: pull.merged === true || (pull.merged_at ?? null) !== null,
    mergedAt: pull.merged_at ?? null,
    mergedBy: pull.merged_by?.login ?? null,
    serverUrl,
  };
}

/** How log lines name a pull request: `owner/repo#number`. */
export const where = (pr: Pick<PrFacts, 'owner' | 'repo' | 'number'>): string =>
  `${pr.owner}/${pr.repo}#${pr.number}`;

const GET_PULL = 'GET /repos/{owner}/{repo}/pulls/{pull_number}';

/**
 * The pull request as it is now (comment events carry only the issue, not its head). Its first read in
 * a delivery is one GraphQL query that also reads what gatherPr reads next (prefetchPullRequest).
 */
export async function fetchPrFacts(
  octokit: GitHub & GraphqlClient,
  where: { owner: string; repo: string; number: number },
  serverUrl: string,
): Promise<PrFacts> {
  await prefetchPullRequest(octokit, where);
  const params = { owner: where.owner, repo: where.repo, pull_number: where.number };
  const { data } = await readFrom(octokit, GET_PULL, params, () => octokit.request(GET_PULL, params));
  return prFacts(data as PullLike, serverUrl);
}
