import { hasAtLeast, isBot, sameName, type AccessLevel } from './access-level.js';
import { approverHandles, describeApprovers, joinOr, type GateConfig } from './describe-approvers.js';

export interface ApproverFacts {
  sender: string;
  prAuthor: string;
  gateConfig: GateConfig;
  senderPermission: AccessLevel;
  /** The configured teams (as written in the config) the sender is an active member of. */
  senderTeams: readonly string[];
  /** The repository owner, to name bare team slugs in messages. */
  owner?: string;
}

export type ApprovalDecision = { allowed: true } | { allowed: false; why: string; whoMay: string };

/**
 * Whether `sender` may approve (or skip) the gate: never a bot; not the PR's author unless
 * `allow_author`; at least `min_permission`; and, when teams or users are configured, in one of the
 * teams or one of the users. `why` names the first rule that failed, `whoMay` who would pass.
 */
export function mayApprove(facts: ApproverFacts): ApprovalDecision {
  const { sender, gateConfig, senderPermission } = facts;
  const { min_permission: need, teams, users } = gateConfig.approvers;
  const refuse = (why: string): ApprovalDecision => ({
    allowed: false,
    why,
    whoMay: describeApprovers(gateConfig, facts.owner),
  });
  if (isBot(sender)) return refuse(`@${sender} is a bot, and bots never approve gates`);
  if (!gateConfig.allow_author && sameName(sender, facts.prAuthor)) {
    return refuse(
      `@${sender} opened this pull request, and the gate does not let authors approve their own change`,
    );
  }
  if (!hasAtLeast(senderPermission, need)) {
    return refuse(
      `@${sender} has ${senderPermission === 'none' ? 'no' : senderPermission} permission on this repository; the gate needs ${need} or higher`,
    );
  }
  if (teams.length === 0 && users.length === 0) return { allowed: true };
  const listed = users.some((u) => sameName(u, sender));
  const member = teams.some((t) => facts.senderTeams.some((s) => sameName(s, t)));
  if (listed || member) return { allowed: true };
  const handles = approverHandles(gateConfig, facts.owner);
  const parts = [
    ...(teams.length > 0 ? [`a member of ${joinOr(handles.teams)}`] : []),
    ...(users.length > 0 ? [joinOr(handles.users)] : []),
  ];
  return refuse(`@${sender} is not ${parts.join(', nor ')}`);
}
