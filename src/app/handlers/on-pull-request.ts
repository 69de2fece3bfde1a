import type { StageCause } from '../../core/controller/stage-machine.js';
import { serverUrlOf } from '../server-url-of.js';
import type { AppEnv } from '../app-env.js';
import { gatherPr } from '../gather-pr.js';
import { publishConfigError } from '../publish-config-error.js';
import { publishPr } from '../publish-pr.js';
import { fetchPrFacts, prFacts, where, type PrFacts } from '../pull-request-facts.js';

type PullPayload = Parameters<typeof prFacts>[0];

/** What each pull_request action is to the stage machine. */
const CAUSE: Record<string, StageCause> = {
  opened: 'opened',
  synchronize: 'pushed',
  reopened: 'reopened',
  edited: 'refresh',
  ready_for_review: 'ready',
  converted_to_draft: 'draft',
};

/**
 * pull_request opened, synchronize, reopened, edited, ready_for_review, converted_to_draft: decide the
 * human gates this change needs from its files and show where the pull request is (its stage, the
 * labels, the check run, the sticky comment). A push that changes a gate's files asks for that gate
 * again; a rebase that changes nothing in them keeps its approval (fingerprints). Leaving draft runs the
 * verification against the acceptance criteria.
 */
export async function onPullRequest(
  env: AppEnv,
  payload: {
    action: string;
    pull_request: PullPayload & {
      title?: string;
      html_url?: string;
      created_at?: string;
      updated_at?: string;
    };
    repository?: { html_url?: string };
  },
): Promise<void> {
  const sent = prFacts(payload.pull_request, serverUrlOf(payload));
  if (payload.action === 'opened' || payload.action === 'reopened') {
    const pull = payload.pull_request;
    const at = new Date(
      (payload.action === 'opened' ? pull.created_at : pull.updated_at) ?? Date.now(),
    ).toISOString();
    const repo = `${sent.owner}/${sent.repo}`;
    // Until the stage machine records its own stages: a pull request (re)opened starts at INIT.
    await env.outcomes.recordStage({
      installation: env.installation,
      repo,
      pr: sent.number,
      stage: 'INIT',
      at,
      ...(pull.title === undefined ? {} : { title: pull.title }),
      ...(pull.html_url === undefined ? {} : { url: pull.html_url }),
    });
  }
  if (sent.state !== 'open') return env.log.info(`${where(sent)}: closed; nothing to do`);
  // Deliveries can arrive out of order: an older push's delivery must not overwrite what a newer one showed.
  const pr = await fetchPrFacts(
    env.octokit,
    { owner: sent.owner, repo: sent.repo, number: sent.number },
    sent.serverUrl,
  );
  if (pr.headSha !== sent.headSha) {
    return env.log.info(
      `${where(pr)}: delivery for ${sent.headSha.slice(0, 7)}, but the pull request is at ${pr.headSha.slice(0, 7)}; its own delivery shows it`,
    );
  }
  if (pr.state !== 'open') return env.log.info(`${where(pr)}: closed; nothing to do`);
  await refreshPr(env, pr, CAUSE[payload.action] ?? 'refresh');
}

/** Re-reads everything and shows it: what every handler does when nothing else changed. */
export async function refreshPr(env: AppEnv, pr: PrFacts, cause: StageCause = 'refresh'): Promise<void> {
  const gathered = await gatherPr(env, pr);
  if (!gathered.ok) return publishConfigError(env, pr, gathered.configError);
  const { snapshot } = gathered;
  await publishPr(env, { snapshot, state: snapshot.state, memory: snapshot.memory, cause });
}
