import { CiPrStateSchema, emptyFlakyRecord, FlakyRecordSchema, type CiPrState, type FlakyRecord } from '../core/github/ci-state.js';
import { FLAKY_LABEL } from '../core/github/render-flaky-record.js';
import { markerFor } from '../core/plan/comment-marker.js';
import { findFlakyIssue } from '../github/find-flaky-issue.js';
import { readFrom } from '../github/github-request.js';
import type { AppEnv } from './app-env.js';
import type { PrFacts } from './pull-request-facts.js';
import { readSignedBlock } from './signed-block.js';

/** The `commentWrite` name of the App's CI comment on a PR, and the name of its signed block. */
export const CI_COMMENT_NAME = 'ci-diagnosis';
export const CI_STATE_BLOCK = 'ci-state';
export const FLAKY_BLOCK = 'flaky-record';

const COMMENTS = 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments';

/** The PR's red-run memory, from the signed block of the App's own CI comment; empty when there is none or it was tampered with. */
export async function readCiState(env: AppEnv, pr: PrFacts): Promise<CiPrState> {
  const params = { owner: pr.owner, repo: pr.repo, issue_number: pr.number, per_page: 100 };
  const comments = await readFrom(env.octokit, COMMENTS, params, () => env.octokit.paginate(COMMENTS, params)) as { body?: string; user?: { login: string } | null }[];
  const mine = comments.find((c) => c.user?.login === env.botLogin && (c.body ?? '').startsWith(markerFor(CI_COMMENT_NAME)));
  if (mine === undefined) return { runs: [] };
  const read = readSignedBlock(mine.body ?? '', CI_STATE_BLOCK, env.secret, CiPrStateSchema);
  if (read.kind === 'invalid') env.log.warn(`${pr.owner}/${pr.repo}#${pr.number}: the CI comment's state is not used: ${read.why}`);
  return read.kind === 'ok' ? read.value : { runs: [] };
}

/** The repository's flaky record, from the signed block of the `loop:flaky` issue the App keeps. */
export async function readFlakyRecord(env: AppEnv, repo: { owner: string; repo: string }): Promise<{ issue: { number: number; body: string } | null; record: FlakyRecord }> {
  const issue = await findFlakyIssue(env.octokit, repo, FLAKY_LABEL, env.botLogin);
  if (issue === null) return { issue, record: emptyFlakyRecord() };
  const read = readSignedBlock(issue.body, FLAKY_BLOCK, env.secret, FlakyRecordSchema);
  if (read.kind === 'invalid') env.log.warn(`${repo.owner}/${repo.repo}#${issue.number}: the flaky record is not used: ${read.why}`);
  return { issue, record: read.kind === 'ok' ? read.value : emptyFlakyRecord() };
}
