import { parseDeadLetter } from '../core/dead-letter/parse-dead-letter.js';
import { findSimilarDeadLetters } from '../core/dead-letter/find-similar-dead-letters.js';
import { renderSmartSuggestions } from '../core/dead-letter/render-smart-suggestions.js';
import { smartSuggestions } from '../core/dead-letter/smart-suggestions.js';
import { renderReportComment } from '../core/pull-request/report-comment.js';
import type { LoopResult } from '../core/loop-result.js';
import { commentWrite, markerFor } from '../core/plan/comment-marker.js';
import { MAX_COMMENT_BODY, type Plan } from '../core/plan/plan-schema.js';
import { maskSecrets } from '../core/report/mask-secrets.js';
import { truncateText } from '../core/report/truncate-text.js';
import { listRepoDeadLetters } from '../github/list-repo-dead-letters.js';
import type { AppEnv } from './app-env.js';
import type { RunFacts } from './find-run-pull-request.js';
import { where, type PrFacts } from './pull-request-facts.js';
import type { DeadLetterSummary } from '../core/dead-letter/dead-letter.js';
import type { PrSnapshot } from './gather-pr.js';

/** The `commentWrite` name of the blocked / dead-letter report (keyed by head SHA: once per head). */
export const REPORT_COMMENT_NAME = 'report';

/**
 * The blocked or dead-letter report of a run, once per head SHA. A dead letter gets smart suggestions
 * from similar dead letters reported earlier on other pull requests of the same repository.
 */
export async function reportWrites(
  env: AppEnv,
  snapshot: PrSnapshot,
  result: LoopResult,
  run: RunFacts,
): Promise<Plan> {
  const report = result.reports.escalation ?? result.reports.dead_letter;
  if (report === null || result.status === 'success' || result.status === 'interrupted') return [];
  // The report came in the LoopResult, masked by value when it was downloaded.
  let text = renderReportComment(report);
  if (result.status === 'failed') text += await suggestionsFor(env, snapshot, report);
  text += `\n\n<sub>From [run ${run.id}](${encodeURI(run.url)}) on ${run.headSha.slice(0, 7)}. Comment \`/close-loop resume\` once a person has fixed it.</sub>`;
  return [commentWrite(REPORT_COMMENT_NAME, truncateText(text, MAX_COMMENT_BODY - 200), snapshot.pr.headSha)];
}

async function suggestionsFor(env: AppEnv, snapshot: PrSnapshot, report: string): Promise<string> {
  const current = parseDeadLetter(report);
  return current === null ? '' : similarDeadLetterSuggestions(env, snapshot.pr, current);
}

/**
 * Smart suggestions from dead letters like `current` reported earlier on other PRs of the repository; '' when
 * none (or unreadable).
 */
export async function similarDeadLetterSuggestions(
  env: AppEnv,
  pr: PrFacts,
  current: DeadLetterSummary,
): Promise<string> {
  try {
    const earlier = await listRepoDeadLetters(
      env.octokit,
      { owner: pr.owner, repo: pr.repo, exceptNumber: pr.number },
      { author: env.botLogin, marker: markerFor(REPORT_COMMENT_NAME) },
    );
    const similar = findSimilarDeadLetters(current, earlier);
    if (similar.length === 0) return '';
    return `\n\n### Similar dead letters in this repository\n\n${maskSecrets(renderSmartSuggestions(smartSuggestions(current, similar)))}`;
  } catch (error) {
    env.log.warn(
      `${where(pr)}: could not read earlier dead letters: ${error instanceof Error ? error.message : String(error)}`,
    );
    return '';
  }
}
