import type { SuggestionComment } from '../core/apply/build-suggestions.js';
import { suggestionReviewMarker } from '../core/apply/render-suggestion-review.js';
import { maskSecrets } from '../core/report/mask-secrets.js';
import { readFrom, sendWrite, type GitHub } from './github-request.js';

export interface SuggestionReview {
  owner: string;
  repo: string;
  pull_number: number;
  /** The head the fix was verified against: the review is made on it, and found again by it. */
  headSha: string;
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

/**
 * `refused`: GitHub could not place a comment (422: a line it does not see in the diff); nothing was posted.
 */
export type ReviewOutcome = { kind: 'posted' | 'already'; id: number; url: string } | { kind: 'refused' };

/**
 * Posts the one review proposing a verified fix (event COMMENT, on `headSha`), unless the App (`author`)
 * already posted one for that head: a redelivered or re-run workflow never proposes the same fix twice.
 */
export async function postSuggestionReview(
  octokit: GitHub,
  review: SuggestionReview,
  author: string,
): Promise<ReviewOutcome> {
  const at = { owner: review.owner, repo: review.repo, pull_number: review.pull_number };
  const params = { ...at, per_page: 100 };
  const listed: ListedReview[] = await readFrom(octokit, LIST, params, () => octokit.paginate(LIST, params));
  const marker = suggestionReviewMarker(review.headSha);
  const found = listed.find((r) => r.user?.login === author && (r.body ?? '').startsWith(marker));
  if (found !== undefined) return { kind: 'already', id: found.id, url: found.html_url ?? '' };
  const sent = await sendWrite(
    octokit,
    [],
    CREATE,
    {
      ...at,
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
