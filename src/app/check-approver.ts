import type { ApprovalDecision } from '../core/gates/may-approve.js';
import { mayApprove } from '../core/gates/may-approve.js';
import type { Gate } from '../core/vocabulary.js';
import { readSenderAccess } from '../github/read-sender-access.js';
import type { AppEnv } from './app-env.js';
import type { PrSnapshot } from './gather-pr.js';

/**
 * Whether `sender` may approve or skip `gate` on this PR, from GitHub's own records of their
 * permission and team memberships (never from what the comment or label claims).
 */
export async function checkApprover(
  env: AppEnv,
  snapshot: PrSnapshot,
  sender: string,
  gate: Gate,
): Promise<ApprovalDecision> {
  const { pr, config } = snapshot;
  const gateConfig = config.gates[gate];
  const access = await readSenderAccess(env.octokit, {
    owner: pr.owner,
    repo: pr.repo,
    username: sender,
    teams: gateConfig.approvers.teams,
  });
  return mayApprove({
    sender,
    prAuthor: pr.author,
    gateConfig,
    senderPermission: access.permission,
    senderTeams: access.teams,
    owner: pr.owner,
  });
}
