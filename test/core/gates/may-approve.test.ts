import { describe, expect, it } from 'vitest';
import type { AccessLevel } from '../../../src/core/gates/access-level.js';
import { describeApprovers } from '../../../src/core/gates/describe-approvers.js';
import { mayApprove } from '../../../src/core/gates/may-approve.js';
import { gatesWith } from './gate-builders.js';

const plain = gatesWith().security;
const teamOnly = gatesWith({ security: { approvers: { teams: ['acme/security-team'] } } }).security;
const usersOnly = gatesWith({
  security: { approvers: { users: ['alice', 'Bob'], min_permission: 'write' } },
}).security;
const both = gatesWith({ security: { approvers: { teams: ['security-team'], users: ['alice'] } } }).security;
const authorOk = gatesWith({ security: { allow_author: true } }).security;

const decide = (
  sender: string,
  gateConfig: typeof plain,
  senderPermission: AccessLevel,
  senderTeams: string[] = [],
) => mayApprove({ sender, prAuthor: 'dana', gateConfig, senderPermission, senderTeams, owner: 'acme' });

describe('mayApprove', () => {
  it.each([
    ['a maintainer', 'erin', plain, 'maintain', [], true],
    ['an admin', 'erin', plain, 'admin', [], true],
    ['someone with write only', 'erin', plain, 'write', [], false],
    ['a stranger', 'erin', plain, 'none', [], false],
    ['the author', 'dana', plain, 'admin', [], false],
    ['the author, in another case', 'DANA', plain, 'admin', [], false],
    ['the author when allow_author is set', 'dana', authorOk, 'maintain', [], true],
    ['a bot, even an admin one', 'deploy-bot[bot]', plain, 'admin', [], false],
    ['a team member with the permission', 'erin', teamOnly, 'maintain', ['acme/security-team'], true],
    ['a maintainer outside the team', 'erin', teamOnly, 'admin', [], false],
    ['a team member without the permission', 'erin', teamOnly, 'write', ['acme/security-team'], false],
    ['a listed user, case-insensitively', 'bob', usersOnly, 'write', [], true],
    ['an unlisted user', 'erin', usersOnly, 'admin', [], false],
    ['a listed user without the permission', 'alice', usersOnly, 'triage', [], false],
    ['a team member when teams and users are set', 'erin', both, 'maintain', ['security-team'], true],
    ['a listed user when teams and users are set', 'alice', both, 'maintain', [], true],
  ] as const)('%s: allowed %s', (_who, sender, gateConfig, permission, teams, allowed) => {
    expect(decide(sender, gateConfig, permission, [...teams]).allowed).toBe(allowed);
  });

  it.each([
    ['deploy-bot[bot]', plain, 'admin', [], /bots never approve/],
    ['dana', plain, 'admin', [], /opened this pull request/],
    [
      'erin',
      plain,
      'write',
      [],
      /has write permission on this repository; the gate needs maintain or higher/,
    ],
    ['erin', plain, 'none', [], /has no permission/],
    ['erin', teamOnly, 'admin', [], /@erin is not a member of @acme\/security-team$/],
    ['erin', both, 'admin', [], /is not a member of @acme\/security-team, nor @alice$/],
  ] as const)('tells %s why not', (sender, gateConfig, permission, teams, why) => {
    const decision = decide(sender, gateConfig, permission, [...teams]);
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) expect(decision.why).toMatch(why);
  });

  it('says who may approve instead', () => {
    const decision = decide('erin', both, 'write');
    expect(decision).toMatchObject({
      allowed: false,
      whoMay:
        "members of @acme/security-team, or @alice, with maintain permission or higher (not the pull request's author)",
    });
  });
});

describe('describeApprovers', () => {
  it.each([
    [plain, undefined, "people with maintain permission or higher (not the pull request's author)"],
    [authorOk, undefined, 'people with maintain permission or higher'],
    [usersOnly, undefined, "@alice or @Bob, with write permission or higher (not the pull request's author)"],
    [
      gatesWith({ deploy: { approvers: { teams: ['acme/sre', 'ops'], min_permission: 'admin' } } }).deploy,
      undefined,
      "members of @acme/sre or the ops team, with admin permission (not the pull request's author)",
    ],
    [
      gatesWith({ deploy: { approvers: { teams: ['acme/sre', 'ops'] } } }).deploy,
      'acme',
      "members of @acme/sre or @acme/ops, with maintain permission or higher (not the pull request's author)",
    ],
  ])('describes the approvers (%#)', (gateConfig, owner, text) => {
    expect(describeApprovers(gateConfig, owner)).toBe(text);
  });
});
