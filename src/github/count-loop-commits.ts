import { LOOP_TRAILER } from '../core/validate/push-policy.js';
import { readFrom, type GitHub } from './github-request.js';

const LIST = 'GET /repos/{owner}/{repo}/commits';

/** How many of the newest commits countLoopCommits reads for a guard of `max`. */
export const loopCommitsRead = (max: number): number => Math.min(100, max + 1);

/**
 * How many of the newest commits at `sha` are the loop's own in a row (they carry its trailer), up to
 * `max`: the loop guard's count, read from GitHub rather than from the loop's memory, which can lag.
 */
export async function countLoopCommits(
  octokit: GitHub,
  where: { owner: string; repo: string; sha: string },
  max: number,
): Promise<number> {
  const params = { owner: where.owner, repo: where.repo, sha: where.sha, per_page: loopCommitsRead(max) };
  const { data } = await readFrom(octokit, LIST, params, () => octokit.request(LIST, params));
  let n = 0;
  for (const c of data as { commit: { message: string } }[]) {
    if (!new RegExp(`^${LOOP_TRAILER}:`, 'm').test(c.commit.message)) break;
    n += 1;
  }
  return n;
}
