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
 * criteria (a checklist in its description, or a linked task spec). Once per head: the App's state
 * remembers the head it verified, and the report is a comment keyed by that head.
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
  if (state.verification?.head_sha === pr.headSha) return none;
  const ready = cause === 'ready';
  const hasCriteria =
    extractCriteria(pr.body, null).length > 0 || findTaskSpecPath(pr.body, `${pr.owner}/${pr.repo}`) !== null;
  if (!ready && !(input.green && hasCriteria)) return none;
  const why = ready ? 'the pull request left draft' : 'its head went green';
  const verified = await runVerify(
    env,
    snapshot,
    input.evaluated,
    input.standing,
    `closed-loop · verification of ${pr.headSha.slice(0, 7)}`,
  );
  if (!ready && verified.report.criteria.length === 0) return none; // a linked spec without criteria
  env.log.info(`${where(pr)}: verified ${pr.headSha.slice(0, 7)} (${why}): ${verified.report.verdict}`);
  const body = `${verified.text}\n<sub>Posted by closed-loop because ${why}; \`/close-loop verify\` runs it again.</sub>\n`;
  return {
    state: { ...state, verification: verified.memory },
    extra: [commentWrite(VERIFICATION_COMMENT_NAME, body, pr.headSha)],
  };
}
