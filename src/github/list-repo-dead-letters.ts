import type { DeadLetterSummary } from '../core/dead-letter/dead-letter.js';
import { parseDeadLetter } from '../core/dead-letter/parse-dead-letter.js';
import { isTargetComment } from '../core/plan/comment-marker.js';
import { reportFromComment } from '../core/pull-request/report-comment.js';
import { readFrom, type GitHub } from './github-request.js';

const ISSUES = 'GET /repos/{owner}/{repo}/issues';
const COMMENTS = 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments';

/** How many earlier dead-lettered pull requests are read for similar failures: a bounded cost per report. */
const MAX_EARLIER_DEAD_LETTERS = 10;

/**
 * The dead letters closed-loop reported on other pull requests of the repository (labelled
 * `loop:dead-letter`, newest first), parsed from its own report comments. A PR that cannot be read is
 * passed over: suggestions are a help, never a reason to fail.
 */
export async function listRepoDeadLetters(
  octokit: GitHub,
  where: { owner: string; repo: string; exceptNumber: number },
  opts: { author: string; marker: string },
): Promise<(DeadLetterSummary & { blocked_at?: string })[]> {
  const params = {
    owner: where.owner,
    repo: where.repo,
    labels: 'loop:dead-letter',
    state: 'all' as const,
    sort: 'updated' as const,
    per_page: MAX_EARLIER_DEAD_LETTERS + 1,
  };
  const { data } = await readFrom(octokit, ISSUES, params, () => octokit.request(ISSUES, params));
  const found: (DeadLetterSummary & { blocked_at?: string })[] = [];
  for (const issue of (data as { number: number }[])
    .filter((i) => i.number !== where.exceptNumber)
    .slice(0, MAX_EARLIER_DEAD_LETTERS)) {
    const cp = { owner: where.owner, repo: where.repo, issue_number: issue.number, per_page: 100 };
    try {
      const { data: comments } = await octokit.request(COMMENTS, cp);
      for (const c of comments as { body?: string; user?: { login: string } | null; created_at: string }[]) {
        if (c.user?.login !== opts.author || !isTargetComment(c.body, { marker: opts.marker })) continue;
        const report = reportFromComment(c.body ?? '');
        const summary = report === null ? null : parseDeadLetter(report);
        if (summary !== null) found.push({ ...summary, blocked_at: c.created_at });
      }
    } catch {
      continue;
    }
  }
  return found;
}
