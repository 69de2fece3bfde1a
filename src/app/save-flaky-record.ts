import type { FlakyRecord } from '../core/pull-request/ci-state.js';
import { FLAKY_LABEL, FLAKY_TITLE, renderFlakyRecord } from '../core/pull-request/render-flaky-record.js';
import { writeFlakyIssue } from '../github/write-flaky-issue.js';
import type { AppEnv } from './app-env.js';
import { where, type PrFacts } from './pull-request-facts.js';
import { FLAKY_BLOCK } from './read-flaky-record.js';
import { renderSignedBlock } from './signed-block.js';

/** Rewrites the flaky record issue: the readable tables and the signed record under them. */
export async function saveFlakyRecord(
  env: AppEnv,
  pr: PrFacts,
  issue: { number: number; body: string } | null,
  record: FlakyRecord,
): Promise<void> {
  const repoUrl = `${pr.serverUrl}/${pr.owner}/${pr.repo}`;
  const body = `${renderFlakyRecord(record, repoUrl)}\n\n${renderSignedBlock(FLAKY_BLOCK, record, env.secret)}\n`;
  const sent = await writeFlakyIssue(env.octokit, { owner: pr.owner, repo: pr.repo }, issue, {
    title: FLAKY_TITLE,
    label: FLAKY_LABEL,
    body,
  });
  if (sent.length > 0)
    env.log.info(`${where(pr)}: flaky record ${issue === null ? 'created' : `#${issue.number} updated`}`);
}
