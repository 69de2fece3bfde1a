import { emptyFlakyRecord, FlakyRecordSchema, type FlakyRecord } from '../core/pull-request/ci-state.js';
import { FLAKY_LABEL } from '../core/pull-request/render-flaky-record.js';
import { findFlakyIssue } from '../github/find-flaky-issue.js';
import type { AppEnv } from './app-env.js';
import { readSignedBlock } from './signed-block.js';

/** The name of the signed block in the `loop:flaky` issue's body. */
export const FLAKY_BLOCK = 'flaky-record';

/** The repository's flaky record, from the signed block of the `loop:flaky` issue the App keeps. */
export async function readFlakyRecord(
  env: AppEnv,
  repo: { owner: string; repo: string },
): Promise<{ issue: { number: number; body: string } | null; record: FlakyRecord }> {
  const issue = await findFlakyIssue(env.octokit, repo, FLAKY_LABEL, env.botLogin);
  if (issue === null) return { issue, record: emptyFlakyRecord() };
  const read = readSignedBlock(issue.body, FLAKY_BLOCK, env.secret, FlakyRecordSchema);
  if (read.kind === 'invalid')
    env.log.warn(`${repo.owner}/${repo.repo}#${issue.number}: the flaky record is not used: ${read.why}`);
  return { issue, record: read.kind === 'ok' ? read.value : emptyFlakyRecord() };
}
