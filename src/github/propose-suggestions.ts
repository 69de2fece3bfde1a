import type { Suggestions } from '../core/apply/build-suggestions.js';
import { createSuggestionReview, type PostedReview, type ReviewTarget } from './post-suggestion-review.js';
import type { GitHub } from './github-request.js';

export interface ProposedSuggestions {
  review: PostedReview;
  /** What the posted review carries: the built suggestions, or none when GitHub could not place them. */
  suggestions: Suggestions;
  /** GitHub refused the suggestions' lines (422) and the review went with the whole patch only. */
  fellBack: boolean;
}

/**
 * Posts the review proposing a fix: its suggested changes, and the body `render` makes for them. GitHub
 * places comments on its own view of the diff; when it cannot place one (422), the review goes again with
 * no suggestion, each listed as carried by the whole patch only, so the fix is still proposed. The App
 * and the Action's standalone mode both post through here; neither looks for an earlier review here
 * (findSuggestionReview), so each does that read once, where it fits its flow.
 */
export async function proposeSuggestions(
  octokit: GitHub,
  target: ReviewTarget,
  built: Suggestions,
  render: (suggestions: Suggestions) => string,
): Promise<ProposedSuggestions> {
  const first = await createSuggestionReview(octokit, {
    ...target,
    comments: built.comments,
    body: render(built),
  });
  if (first.kind === 'posted')
    return { review: { id: first.id, url: first.url }, suggestions: built, fellBack: false };
  const whole: Suggestions = {
    comments: [],
    uncarried: [
      ...built.uncarried,
      ...built.comments.map((c) => ({
        path: c.path,
        why: `line ${c.line}: GitHub could not place a suggestion there`,
      })),
    ],
  };
  const second = await createSuggestionReview(octokit, { ...target, comments: [], body: render(whole) });
  if (second.kind === 'refused')
    throw new Error('unreachable: a review without comments is never refused as unplaceable');
  return { review: { id: second.id, url: second.url }, suggestions: whole, fellBack: true };
}
