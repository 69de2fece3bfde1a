import { buildSuggestions, diffLineRanges } from '../core/apply/build-suggestions.js';
import { renderSuggestionReview } from '../core/apply/render-suggestion-review.js';
import { describeLevel } from '../core/pr-commands/may-run-command.js';
import { commentWrite } from '../core/plan/comment-marker.js';
import { findSuggestionReview } from '../github/post-suggestion-review.js';
import { proposeSuggestions } from '../github/propose-suggestions.js';
import { prefetchPatchBase } from '../github/prefetch-patch-base.js';
import { preparePatch } from '../github/prepare-patch.js';
import type { AppEnv } from './app-env.js';
import type { UpsertComment } from '../core/plan/plan-schema.js';
import type { AppState } from './app-state.js';
import type { RunFacts } from './find-run-pull-request.js';
import type { PrSnapshot } from './gather-pr.js';
import { where } from './pull-request-facts.js';

export interface FixOutcome {
  /** The commit made on the PR branch, or null when none was. */
  sha: string | null;
  /** The once-per-head comment saying what was committed or proposed, or why not. */
  notice: UpsertComment;
  /** Why the fix was not committed, when it was not. */
  why?: string;
  /** The fix proposed as a review instead (suggest mode, a fork), for `/close-loop apply`. */
  proposal?: NonNullable<AppState['proposal']>;
}

export interface Proposal {
  patch: string;
  run: RunFacts;
  /** `auto_fix for lint-error`. */
  fix: string;
  /** Why it is proposed rather than committed (decideApplyMode's reason). */
  why: string;
}

/**
 * Proposes a verified fix as one review on the evaluated head: a suggested change on each changed run
 * of lines the pull request's diff holds, and the whole patch folded for the rest. The patch is applied
 * in memory to the head first, exactly as a commit would be: a patch that does not apply is not proposed.
 */
export async function proposeFix(env: AppEnv, snapshot: PrSnapshot, proposal: Proposal): Promise<FixOutcome> {
  const { pr, config } = snapshot;
  const { run } = proposal;
  const runLink = `[run ${run.id}](${encodeURI(run.url)})`;
  await prefetchPatchBase(
    env.octokit,
    { owner: pr.owner, repo: pr.repo },
    { headSha: pr.headSha, patch: proposal.patch },
  );
  const prepared = await preparePatch(
    env.octokit,
    { owner: pr.owner, repo: pr.repo },
    pr.headSha,
    proposal.patch,
  );
  if (!prepared.ok) {
    env.log.info(`${where(pr)}: fix from run ${run.id} not proposed: ${prepared.why}`);
    return {
      sha: null,
      notice: commentWrite(
        'fix',
        `closed-loop did not propose the fix from ${runLink}: ${prepared.why}. The patch is in the run's \`closed-loop-result\` artifact.`,
        pr.headSha,
      ),
    };
  }
  const diffLines = new Map(snapshot.files.map((f) => [f.path, diffLineRanges(f.patch)]));
  const target = { owner: pr.owner, repo: pr.repo, pull_number: pr.number, headSha: pr.headSha };
  const built = buildSuggestions(prepared.files, diffLines);
  const found = await findSuggestionReview(env.octokit, target, env.botLogin);
  const { review, suggestions, fellBack } =
    found !== null
      ? { review: found, suggestions: built, fellBack: false }
      : await proposeSuggestions(env.octokit, target, built, (s) =>
          renderSuggestionReview({
            headSha: pr.headSha,
            run: { id: run.id, url: run.url },
            fix: proposal.fix,
            why: proposal.why,
            suggestions: s,
            patch: proposal.patch,
            take: pr.isFork ? 'fork' : { applyBy: describeLevel(config.commands.apply) },
          }),
        );
  if (fellBack)
    env.log.warn(
      `${where(pr)}: GitHub refused the suggestions for run ${run.id}'s fix (422); proposed the whole patch only`,
    );
  env.log.info(
    `${where(pr)}: ${found !== null ? 'already proposed' : 'proposed'} the fix from run ${run.id} as review ${review.id} (${suggestions.comments.length} suggestions, ${suggestions.uncarried.length} changes only in the patch)`,
  );
  const reviewLink = review.url === '' ? 'a review' : `[a review](${encodeURI(review.url)})`;
  const take = pr.isFork
    ? 'commit its suggestions'
    : 'commit its suggestions, or comment `/close-loop apply`';
  return {
    sha: null,
    notice: commentWrite(
      'fix',
      `closed-loop proposed the fix from ${runLink} (${proposal.fix}) in ${reviewLink} of suggested changes instead of committing it, because ${proposal.why}: ${take}.`,
      pr.headSha,
    ),
    proposal: {
      run_id: run.id,
      head_sha: pr.headSha,
      review_id: review.id,
      run_url: run.url.slice(0, 500),
      applied_sha: null,
    },
  };
}
