import type { Config } from '../config/schema.js';
import type { Gate } from '../vocabulary.js';

export type GateConfig = Config['gates'][Gate];

/** `org/slug` as `@org/slug`; a bare slug belongs to the repository owner's organisation when it is known. */
function teamHandle(team: string, owner?: string): string {
  const name = team.replace(/^@/, '');
  if (name.includes('/')) return `@${name}`;
  return owner === undefined ? `the ${name} team` : `@${owner}/${name}`;
}

/** `a`, `a or b`, `a, b or c`. */
export function joinOr(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** The configured approvers as handles: `@org/team` (or "the x team") and `@login`. */
export function approverHandles(
  gateConfig: GateConfig,
  owner?: string,
): { teams: string[]; users: string[] } {
  return {
    teams: gateConfig.approvers.teams.map((t) => teamHandle(t, owner)),
    users: gateConfig.approvers.users.map((u) => `@${u.replace(/^@/, '')}`),
  };
}

/**
 * Who may approve the gate, as a sentence part: "members of @acme/security, or @alice, with
 * maintain permission or higher". The permission applies to team members and listed users too.
 */
export function describeApprovers(gateConfig: GateConfig, owner?: string): string {
  const permission = gateConfig.approvers.min_permission;
  const level = `${permission} permission${permission === 'admin' ? '' : ' or higher'}`;
  const { teams, users } = approverHandles(gateConfig, owner);
  const who = [
    ...(teams.length > 0 ? [`members of ${joinOr(teams)}`] : []),
    ...(users.length > 0 ? [joinOr(users)] : []),
  ];
  const author = gateConfig.allow_author ? '' : " (not the pull request's author)";
  if (who.length === 0) return `people with ${level}${author}`;
  return `${who.join(', or ')}, with ${level}${author}`;
}
