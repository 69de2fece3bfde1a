import { parseDeadLetter } from '../core/dead-letter/parse-dead-letter.js';
import { findSimilarDeadLetters } from '../core/dead-letter/find-similar-dead-letters.js';
import { renderSmartSuggestions } from '../core/dead-letter/render-smart-suggestions.js';
import { smartSuggestions } from '../core/dead-letter/smart-suggestions.js';
import { loopReport } from '../core/pull-request/report-comment.js';
import type { LoopResult } from '../core/loop-result.js';
import { markerFor } from '../core/plan/comment-marker.js';
import { REPORT_COMMENT_NAME } from '../core/pull-request/plan-pr-view.js';
import { maskSecrets } from '../core/report/mask-secrets.js';
import { failureLead, renderFailureLead } from '../core/report/failure-lead.js';
import { blobBaseOf } from './failure-lead-for.js';
import { listRepoDeadLetters } from '../github/list-repo-dead-letters.js';
import type { AppEnv } from './app-env.js';
import type { RunFacts } from './find-run-pull-request.js';
import { where, type PrFacts } from './pull-request-facts.js';
import type { DeadLetterSummary } from '../core/dead-letter/dead-letter.js';
import type { PrSnapshot } from './gather-pr.js';

/**
 * The blocked or dead-letter report of a run (loopReport, as the Action alone writes it too), for the
 * planner to post once per head SHA. A dead letter gets smart suggestions from similar dead letters
 * reported earlier on other pull requests of the same repository.
 */
export async function reportFor(
  env: AppEnv,
  snapshot: PrSnapshot,
  result: LoopResult,
  run: RunFacts,
): Promise<string | null> {
  const report = result.reports.escalation ?? result.reports.dead_letter;
  if (report === null || result.status === 'success' || result.status === 'interrupted') return null;
  const lead = failureLead(result);
  return loopReport({
    status: result.status,
    reports: result.reports,
    run: { id: run.id, url: run.url },
    headSha: run.headSha,
    commands: true,
    // The head is the run's (a result for another head never gets here): `file:line` links to it.
    lead: lead === null ? null : renderFailureLead(lead, { base: blobBaseOf(snapshot.pr) }),
    ...(result.status === 'failed' ? { suggestions: await suggestionsFor(env, snapshot, report) } : {}),
  });
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
