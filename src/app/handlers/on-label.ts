import { recordApproval, withdrawApproval } from '../../core/gates/gate-state.js';
import { serverUrlOf } from '../server-url-of.js';
import { commentWrite } from '../../core/plan/comment-marker.js';
import { GATES, type Gate } from '../../core/vocabulary.js';
import type { AppEnv } from '../app-env.js';
import { checkApprover } from '../check-approver.js';
import { gatherPr } from '../gather-pr.js';
import { publishConfigError } from '../publish-config-error.js';
import { publishPr } from '../publish-pr.js';
import { prFacts, where } from '../pull-request-facts.js';

interface LabelPayload {
  action: string;
  label?: { name: string };
  sender: { login: string; type?: string };
  pull_request: Parameters<typeof prFacts>[0];
  repository?: { html_url?: string };
}

const APPROVED = /^approved:([a-z]+)$/i;
const MANAGED = /^(approved:|needs:|loop:)/i;

/**
 * pull_request labeled / unlabeled. `approved:<gate>` added by someone allowed to approve records the
 * approval for the gate's current files; added by anyone else, it is taken off again with a comment
 * saying who may approve. Taking it off (someone allowed) withdraws the approval. Any other managed
 * label changed by hand is put back as the state says. The App's own label changes are ignored.
 */
export async function onLabel(env: AppEnv, payload: LabelPayload): Promise<void> {
  const name = payload.label?.name ?? '';
  const pr = prFacts(payload.pull_request, serverUrlOf(payload));
  if (!MANAGED.test(name)) return;
  if (payload.sender.login === env.botLogin)
    return env.log.info(`${where(pr)}: ${payload.action} ${name} by the App itself; nothing to do`);
  if (pr.state !== 'open') return env.log.info(`${where(pr)}: closed; label ${name} left as it is`);
  const gathered = await gatherPr(env, pr);
  if (!gathered.ok) return publishConfigError(env, pr, gathered.configError);
  const { snapshot } = gathered;
  let state = snapshot.state;
  const extra = [];
  const gate = APPROVED.exec(name)?.[1]?.toLowerCase();
  if (gate !== undefined && (GATES as readonly string[]).includes(gate)) {
    const g = gate as Gate;
    const sender = payload.sender.login;
    const required = snapshot.required.find((r) => r.gate === g);
    const decision = await checkApprover(env, snapshot, sender, g);
    if (payload.action === 'labeled' && !decision.allowed) {
      env.log.info(`${where(pr)}: ${name} by @${sender} refused: ${decision.why}`);
      extra.push(
        commentWrite(
          'approval-refused',
          `@${sender}, the \`${name}\` label was taken off again: ${decision.why}.\n\nWho may approve the ${g} gate: ${decision.whoMay}. They approve with the \`${name}\` label or \`/close-loop approve ${g}\`.`,
          env.deliveryId,
        ),
      );
    } else if (payload.action === 'labeled' && required === undefined) {
      extra.push(
        commentWrite(
          'approval-refused',
          `@${sender}, this change does not need the ${g} gate (none of its files match the gate's paths), so \`${name}\` was taken off again.`,
          env.deliveryId,
        ),
      );
    } else if (payload.action === 'labeled' && required !== undefined) {
      state = {
        ...state,
        gates: recordApproval(state.gates, {
          gate: g,
          by: sender,
          at: new Date().toISOString(),
          head_sha: pr.headSha,
          fingerprint: required.fingerprint,
          via: 'label',
        }),
      };
      env.log.info(`${where(pr)}: ${g} approved by @${sender} (label) on ${pr.headSha.slice(0, 7)}`);
    } else if (payload.action === 'unlabeled' && decision.allowed) {
      state = { ...state, gates: withdrawApproval(state.gates, g) };
      env.log.info(`${where(pr)}: ${g} approval withdrawn by @${sender}`);
    }
  }
  await publishPr(env, { snapshot, state, memory: snapshot.memory, extra, cause: 'gate' });
}
