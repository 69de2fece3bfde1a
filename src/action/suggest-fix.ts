import * as core from '@actions/core';
import { buildSuggestions, diffLineRanges, type FixedFile } from '../core/apply/build-suggestions.js';
import { renderSuggestionReview } from '../core/apply/render-suggestion-review.js';
import type { LoopResult } from '../core/loop-result.js';
import { maskSecrets } from '../core/report/mask-secrets.js';
import { GitHubWriteError } from '../github/github-write-error.js';
import { readFrom, type GitHub } from '../github/github-request.js';
import { listPullFiles } from '../github/list-pull-files.js';
import { findSuggestionReview, type ReviewTarget } from '../github/post-suggestion-review.js';
import { proposeSuggestions } from '../github/propose-suggestions.js';
import { readBaseFiles } from '../github/read-base-files.js';
import { GitError } from '../runner/git/run-git.js';
import { readFixedFiles, type FixedFiles } from '../runner/git/read-fixed-files.js';
import { ACTIONS_BOT } from './pr-memory.js';
import type { Standalone } from './standalone.js';
import { forkRefusal } from './fork-refusal.js';

export interface SuggestOutcome {
  /** For the summary: where the suggestions are, or why there are none. */
  note: string;
  /** The review's page, when one holds the fix (posted now or by an earlier run on this head). */
  reviewUrl: string | null;
}

/**
 * The fix the step did not push (`why`), proposed as one review of GitHub suggested changes on the pull
 * request's head — the App's proposal, rendered and posted by the same code. Once per head: a re-run finds
 * its own review (one read) and posts nothing. A refusal (a fork's read-only token: 403) is a warning and
 * a note pointing at fix.patch, never a crash.
 */
export async function suggestFix(
  s: Standalone,
  result: LoopResult,
  opts: {
    cwd: string;
    why: string;
    /** fix.patch: the review folds it whole, for what the suggestions do not carry. */
    patch: string;
    secrets: readonly string[];
    run: { id: number; url: string } | null;
  },
): Promise<SuggestOutcome | null> {
  const start = result.head.start;
  const last = result.fix_commits.at(-1);
  if (start === null || last === undefined) return null;
  const { pr } = s;
  const target: ReviewTarget = {
    owner: pr.owner,
    repo: pr.repo,
    pull_number: pr.number,
    headSha: pr.headSha,
  };
  try {
    const found = await findSuggestionReview(s.octokit, target, ACTIONS_BOT);
    if (found !== null)
      return {
        note: `The fix is proposed as suggested changes in ${link(found.url)} on the pull request (posted by an earlier run on ${pr.headSha.slice(0, 7)}).`,
        reviewUrl: found.url || null,
      };
    const fixed = await readFixedFiles(opts.cwd, start, last.sha);
    if (start !== pr.headSha) await keepWhatHoldsAtHead(s.octokit, target, fixed);
    const pullFiles = await listPullFiles(s.octokit, { owner: pr.owner, repo: pr.repo, number: pr.number });
    const diffLines = new Map(pullFiles.map((f) => [f.path, diffLineRanges(f.patch)]));
    const built = buildSuggestions(fixed.files, diffLines);
    built.uncarried.unshift(...fixed.uncarried);
    const proposed = await proposeSuggestions(s.octokit, target, built, (suggestions) =>
      renderSuggestionReview({
        headSha: pr.headSha,
        run: opts.run,
        fix: `${last.strategy} for ${last.pattern ?? 'an unrecognised failure'}`,
        why: opts.why,
        suggestions,
        patch: maskSecrets(opts.patch, opts.secrets),
        take: 'patch',
      }),
    );
    const n = proposed.suggestions.comments.length;
    const rest = proposed.suggestions.uncarried.length;
    core.info(
      `closed-loop proposed its fix as review ${proposed.review.id} (${n} suggestions, ${rest} changes only in the patch)`,
    );
    const as =
      n === 0
        ? "as its whole patch only (none of its lines is on the pull request's diff, so there is no suggestion to commit)"
        : `as ${n === 1 ? 'one suggested change' : `${n} suggested changes`}`;
    return {
      note:
        `The fix is proposed ${n === 0 ? `in ${link(proposed.review.url)} on the pull request ${as}` : `${as} in ${link(proposed.review.url)} on the pull request`}` +
        (rest > 0
          ? `; ${rest === 1 ? 'one change is' : `${rest} changes are`} in \`fix.patch\` only (the review lists them).`
          : '.'),
      reviewUrl: proposed.review.url || null,
    };
  } catch (error) {
    if (!(error instanceof GitHubWriteError) && !(error instanceof GitError)) throw error;
    const masked = maskSecrets(error.message, opts.secrets);
    const fork = error instanceof GitHubWriteError ? forkRefusal(s, error, masked) : null;
    const message = fork?.message ?? masked;
    if (fork?.warn === false)
      core.info(`closed-loop could not propose its fix as suggested changes: ${message}`);
    else core.warning(message, { title: 'closed-loop could not propose its fix as suggested changes' });
    return {
      note: `Not proposed as suggested changes: ${message} \`fix.patch\` in the \`closed-loop-result\` artifact holds the fix.`,
      reviewUrl: null,
    };
  }
}

const link = (url: string): string => (url === '' ? 'a review' : `[a review](${encodeURI(url)})`);

const GET_COMMIT = 'GET /repos/{owner}/{repo}/git/commits/{commit_sha}';

/**
 * The loop evaluated another commit than the pull request's head (actions/checkout's merge commit): a
 * suggestion holds at the head only for a file whose text there is the text the loop fixed. The others
 * move to the uncarried list, read through the Git Data API (the head may not be in a shallow checkout).
 */
async function keepWhatHoldsAtHead(octokit: GitHub, target: ReviewTarget, fixed: FixedFiles): Promise<void> {
  const repo = { owner: target.owner, repo: target.repo };
  const params = { ...repo, commit_sha: target.headSha };
  const { data: commit } = await readFrom(octokit, GET_COMMIT, params, () =>
    octokit.request(GET_COMMIT, params),
  );
  const base = await readBaseFiles(
    octokit,
    repo,
    commit.tree.sha,
    fixed.files.map((f) => f.path),
    10 * 1024 * 1024,
  );
  const holds = (f: FixedFile): boolean => base.ok && (base.files.get(f.path)?.text ?? null) === f.before;
  const why = `it differs at the pull request's head ${target.headSha.slice(0, 7)} from the merge commit the loop checked out`;
  fixed.uncarried.push(...fixed.files.filter((f) => !holds(f)).map((f) => ({ path: f.path, why })));
  fixed.files = fixed.files.filter(holds);
}
