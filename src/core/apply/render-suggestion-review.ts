import { maskSecrets } from '../report/mask-secrets.js';
import type { Suggestions } from './build-suggestions.js';

/**
 * The hidden first line of the suggestion review for one head (the App's, or the Action's in standalone
 * mode): how it finds the review before posting another.
 */
export const suggestionReviewMarker = (headSha: string): string =>
  `<!-- closed-loop:suggestion-review ${headSha} -->`;

/** GitHub's limit on a review's body, with room to spare. */
const MAX_BODY = 60_000;

export interface SuggestionReviewModel {
  headSha: string;
  /** The workflow run that made and verified the fix; null when unknown (then unlinked). */
  run: { id: number; url: string } | null;
  /** `auto_fix for lint-error`. */
  fix: string;
  /** Why the fix is proposed rather than committed. */
  why: string;
  suggestions: Suggestions;
  patch: string;
  /**
   * How else a person takes the whole fix: the App's `/close-loop apply` (who may run it, e.g. "people with
   * write permission or higher"), `fork` (the App never pushes to a fork), or `patch` (the Action, which has
   * no command: `fix.patch` from the run's artifact).
   */
  take: { applyBy: string } | 'fork' | 'patch';
}

/**
 * The body of the one review that proposes a verified fix: what it is and why it is not committed, how
 * to take it (the suggestions below, `/close-loop apply`), what the suggestions do not carry, and the
 * whole patch folded. Masked: the patch comes from an untrusted runner.
 */
export function renderSuggestionReview(model: SuggestionReviewModel): string {
  const { suggestions } = model;
  const short = model.headSha.slice(0, 7);
  const count = suggestions.comments.length;
  const out = [
    suggestionReviewMarker(model.headSha),
    `### closed-loop proposes a verified fix for ${short}`,
    '',
    `${model.run === null ? 'The loop' : `[Run ${model.run.id}](${encodeURI(model.run.url)})`} made this fix (${model.fix}) and CI verified it; it is proposed, not committed, because ${model.why}.`,
    '',
    count > 0
      ? `- ${count === 1 ? 'One suggested change' : `${count} suggested changes`} below: **Commit suggestion** takes one, **Add suggestion to batch** takes several in one commit.`
      : "- No part of this fix falls on lines of the pull request's diff, so there is no suggestion to click: take it from the whole patch below.",
  ];
  if (suggestions.uncarried.length > 0) {
    out.push(
      `- Not carried by the suggestions (in the whole patch below): ${suggestions.uncarried.map((u) => `\`${u.path}\` (${u.why})`).join(', ')}.`,
    );
  }
  out.push(
    model.take === 'fork'
      ? '- The App never pushes to a fork: commit the suggestions, or apply the patch below with `git am`.'
      : model.take === 'patch'
        ? "- Or apply the whole patch below: `git am fix.patch` (from the run's `closed-loop-result` artifact) in a checkout of the branch, then push."
        : `- Or comment \`/close-loop apply\` (${model.take.applyBy}) to have the App commit the whole fix onto ${short}.`,
  );
  const head = out.join('\n');
  const room = MAX_BODY - head.length - 400;
  const patch =
    model.patch.length <= room
      ? model.patch
      : `${model.patch.slice(0, room)}\n… cut here: the whole patch is fix.patch in the run's closed-loop-result artifact`;
  const fence = '`'.repeat(Math.max(3, ...(patch.match(/`{3,}/g) ?? []).map((run) => run.length + 1)));
  return maskSecrets(
    [
      head,
      '',
      '<details>',
      '<summary>The whole patch (<code>fix.patch</code>)</summary>',
      '',
      `${fence}diff`,
      patch.trimEnd(),
      fence,
      '',
      '</details>',
      '',
    ].join('\n'),
  );
}
