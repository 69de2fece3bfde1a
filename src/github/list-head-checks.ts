import { readFrom, type GitHub } from './github-request.js';

/** A check run on a commit, as the gate check and the verification report read it. */
export interface HeadCheck {
  name: string;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: string | null;
  url?: string;
}

const LIST = 'GET /repos/{owner}/{repo}/commits/{ref}/check-runs';

interface Listed {
  name: string;
  status: string;
  conclusion: string | null;
  html_url?: string | null;
}

/**
 * The latest check run of each name on `sha`, except the ones named in `exclude` (the App's own gate
 * check must not wait for itself). Capped at 300 runs.
 */
export async function listHeadChecks(
  octokit: GitHub,
  where: { owner: string; repo: string; sha: string },
  exclude: readonly string[],
): Promise<HeadCheck[]> {
  const params = { owner: where.owner, repo: where.repo, ref: where.sha, filter: 'latest', per_page: 100 };
  const runs: Listed[] = await readFrom(octokit, LIST, params, async () => {
    const all: Listed[] = [];
    for await (const page of octokit.paginate.iterator(LIST, { ...params, filter: 'latest' as const })) {
      all.push(...(page.data as unknown as Listed[]));
      if (all.length >= 300) break;
    }
    return all;
  });
  return runs
    .filter((r) => !exclude.includes(r.name))
    .map((r) => ({
      name: r.name,
      status: (['queued', 'in_progress', 'completed'].includes(r.status)
        ? r.status
        : 'queued') as HeadCheck['status'],
      conclusion: r.conclusion,
      ...(r.html_url ? { url: r.html_url } : {}),
    }));
}
