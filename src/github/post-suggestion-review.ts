import type { SuggestionComment } from '../core/apply/build-suggestions.js';
import { suggestionReviewMarker } from '../core/apply/render-suggestion-review.js';
import { maskSecrets } from '../core/report/mask-secrets.js';
import { readFrom, sendWrite, type GitHub } from './github-request.js';

/** The pull request a review goes on, and the head the fix was verified against (the review's commit). */
export interface ReviewTarget {
  owner: string;
  repo: string;
  pull_number: number;
  headSha: string;
}

export interface SuggestionReview extends ReviewTarget {
  body: string;
  comments: readonly SuggestionComment[];
}

const LIST = 'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews';
const CREATE = 'POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews';

interface ListedReview {
  id: number;
  body?: string | null;
  html_url?: string;
  user?: { login: string } | null;
}

/** A review on the pull request: its id and its page (`html_url`; empty when GitHub gave none). */
export interface PostedReview {
  id: number;
  url: string;
}

/**
 * The suggestion review `author` already posted for `headSha` (its marker opens the body), or null: a
 * redelivered webhook or a re-run job never proposes the same fix twice.
 */
export async function findSuggestionReview(
  octokit: GitHub,
  target: ReviewTarget,
  author: string,
): Promise<PostedReview | null> {
  const params = { owner: target.owner, repo: target.repo, pull_number: target.pull_number, per_page: 100 };
  const listed: ListedReview[] = await readFrom(octokit, LIST, params, () => octokit.paginate(LIST, params));
  const marker = suggestionReviewMarker(target.headSha);
  const found = listed.find((r) => r.user?.login === author && (r.body ?? '').startsWith(marker));
  return found === undefined ? null : { id: found.id, url: found.html_url ?? '' };
}

/**
 * Posts one review proposing a fix (event COMMENT, on `headSha`). `refused`: GitHub could not place a
 * comment (422: a line it does not see in the diff), and nothing was posted. Any other failure throws a
 * GitHubWriteError (a 403 names the `pull-requests: write` permission).
 */
export async function createSuggestionReview(
  octokit: GitHub,
  review: SuggestionReview,
): Promise<({ kind: 'posted' } & PostedReview) | { kind: 'refused' }> {
  const sent = await sendWrite(
    octokit,
    [],
    CREATE,
    {
      owner: review.owner,
      repo: review.repo,
      pull_number: review.pull_number,
      commit_id: review.headSha,
      event: 'COMMENT',
      body: review.body,
      comments: review.comments.map((c) => ({ ...c, body: maskSecrets(c.body) })),
    },
    (status) => status === 422 && review.comments.length > 0,
  );
  if (!sent.ok) return { kind: 'refused' };
  const data = sent.data as { id?: number; html_url?: string };
  return { kind: 'posted', id: data.id ?? 0, url: data.html_url ?? '' };
}
