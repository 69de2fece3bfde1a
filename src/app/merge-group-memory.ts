import { CiPrStateSchema, type CiPrState } from '../core/pull-request/ci-state.js';
import { GATE_CHECK_NAME } from '../core/gates/render-gate-check.js';
import type { AppEnv } from './app-env.js';
import { CI_STATE_BLOCK } from './read-pr-state.js';
import { readSignedBlock } from './signed-block.js';

const LIST = 'GET /repos/{owner}/{repo}/commits/{ref}/check-runs';

interface ListedRun {
  app?: { slug?: string } | null;
  output?: { text?: string | null } | null;
}

/**
 * What the App remembers of the red runs on a merge group's head: a merge group has no sticky comment, so
 * the signed CI state rides in the text of the App's own `closed-loop` check run on that head. Empty when
 * there is none (or it cannot be trusted).
 */
export async function readMergeGroupMemory(
  env: AppEnv,
  at: { owner: string; repo: string; sha: string },
): Promise<CiPrState> {
  const { data } = await env.octokit.request(LIST, {
    owner: at.owner,
    repo: at.repo,
    ref: at.sha,
    check_name: GATE_CHECK_NAME,
    filter: 'latest',
  });
  const slug = env.botLogin.replace(/\[bot\]$/, '');
  const ours = (data.check_runs as ListedRun[]).find((r) => r.app?.slug === slug);
  const read = readSignedBlock(ours?.output?.text ?? '', CI_STATE_BLOCK, env.secret, CiPrStateSchema);
  if (read.kind === 'invalid') env.log.warn(`${at.owner}/${at.repo}@${at.sha.slice(0, 7)}: ${read.why}`);
  return read.kind === 'ok' ? read.value : { runs: [] };
}
