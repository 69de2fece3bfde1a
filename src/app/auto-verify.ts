import type { StageCause } from '../core/controller/stage-machine.js';
import type { EvaluatedGate } from '../core/gates/evaluate-gates.js';
import { commentWrite } from '../core/plan/comment-marker.js';
import type { Plan } from '../core/plan/plan-schema.js';
import { VERIFICATION_COMMENT_NAME } from '../core/pull-request/plan-pr-view.js';
import { extractCriteria, findTaskSpecPath } from '../core/verify/index.js';
import type { AppEnv } from './app-env.js';
import type { AppState, LoopStanding } from './app-state.js';
import { runVerify } from './command-handlers/verify-command.js';
import type { PrSnapshot } from './gather-pr.js';
import { where } from './pull-request-facts.js';

/**
 * The verification that runs itself (the seed's "invoked automatically when a persona marks a task as
 * complete"): when a pull request leaves draft, and when its head goes green while it has acceptance
 * criteria (a checklist in its description, or a linked task spec). One comment per head (keyed by it):
 * the App's state remembers the head it verified, and a verification made before every check had passed
 * (leaving draft while CI runs) is made again, into the same comment, once the head is green.
 */
export async function autoVerify(
  env: AppEnv,
  input: {
    snapshot: PrSnapshot;
    state: AppState;
    evaluated: readonly EvaluatedGate[];
    standing: LoopStanding;
    cause: StageCause;
    /** Every check on the head passed (the stage before the criteria are counted is a green one). */
    green: boolean;
  },
): Promise<{ state: AppState; extra: Plan }> {
  const { snapshot, state, cause } = input;
  const { pr } = snapshot;
  const none = { state, extra: [] };
  if (pr.state !== 'open' || pr.merged || pr.draft) return none;
  const done = state.verification?.head_sha === pr.headSha ? state.verification : null;
  // Once per head, and once more when the head goes green after it was verified (checks then count).
  if (done !== null && (done.on_green || !input.green)) return none;
  const ready = cause === 'ready' && done === null;
  const hasCriteria =
    extractCriteria(pr.body, null).length > 0 ||
    findTaskSpecPath(pr.body, `${pr.serverUrl}/${pr.owner}/${pr.repo}`) !== null;
  if (!ready && !(input.green && hasCriteria)) return none;
  const why = ready ? 'the pull request left draft' : 'its head went green';
  const verified = await runVerify(env, snapshot, input.evaluated, input.standing, {
    title: `closed-loop · verification of ${pr.headSha.slice(0, 7)}`,
    green: input.green,
  });
  // A linked spec without criteria: remembered (not read again on this head), not posted.
  if (!ready && verified.report.criteria.length === 0)
    return { state: { ...state, verification: verified.memory }, extra: [] };
  env.log.info(`${where(pr)}: verified ${pr.headSha.slice(0, 7)} (${why}): ${verified.report.verdict}`);
  const body = `${verified.text}\n<sub>Posted by closed-loop because ${why}; \`/close-loop verify\` runs it again.</sub>\n`;
  return {
    state: { ...state, verification: verified.memory },
    extra: [commentWrite(VERIFICATION_COMMENT_NAME, body, pr.headSha)],
  };
}
