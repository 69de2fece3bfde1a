import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { GitHubWriteError } from '../../src/github/github-write-error.js';
import { readSenderAccess } from '../../src/github/read-sender-access.js';
import { API, testClient, useNock } from './github-test-kit.js';

useNock();

const PERMISSION = '/repos/acme/shop/collaborators/erin/permission';
const membership = (org: string, team: string) => `/orgs/${org}/teams/${team}/memberships/erin`;
const query = (teams: string[] = []) => ({ owner: 'acme', repo: 'shop', username: 'erin', teams });
const permissionBody = (permission: string, role_name?: string, permissions?: Record<string, boolean>) => ({
  permission,
  ...(role_name ? { role_name } : {}),
  user: { login: 'erin', ...(permissions ? { permissions } : {}) },
});

describe('readSenderAccess', () => {
  it.each([
    ['maintain, which the legacy field calls write', permissionBody('write', 'maintain'), 'maintain'],
    ['triage, which the legacy field calls read', permissionBody('read', 'triage'), 'triage'],
    ['admin', permissionBody('admin', 'admin'), 'admin'],
    [
      'a custom role, from the permissions hash',
      permissionBody('write', 'security-reviewer', {
        admin: false,
        maintain: true,
        push: true,
        triage: true,
        pull: true,
      }),
      'maintain',
    ],
    [
      'a custom role without the hash, from the legacy field',
      permissionBody('write', 'security-reviewer'),
      'write',
    ],
    ['an older GitHub without role_name', permissionBody('read'), 'read'],
    ['none', permissionBody('none', 'none'), 'none'],
  ])('reads %s', async (_what, body, permission) => {
    const scope = nock(API).get(PERMISSION).reply(200, body);
    await expect(readSenderAccess(testClient(), query())).resolves.toEqual({ permission, teams: [] });
    scope.done();
  });

  it('reads a 404 (not a collaborator, or no such user) as no permission, and asks no team', async () => {
    const scope = nock(API).get(PERMISSION).reply(404, { message: 'Not Found' });
    await expect(readSenderAccess(testClient(), query(['security']))).resolves.toEqual({
      permission: 'none',
      teams: [],
    });
    scope.done();
  });

  it("asks each configured team, a bare slug in the owner's organisation, and keeps active memberships only", async () => {
    const scope = nock(API)
      .get(PERMISSION)
      .reply(200, permissionBody('write', 'maintain'))
      .get(membership('acme', 'security'))
      .reply(200, { role: 'member', state: 'active' })
      .get(membership('other-org', 'dba'))
      .reply(200, { role: 'member', state: 'pending' })
      .get(membership('acme', 'sre'))
      .reply(404, { message: 'Not Found' })
      .get(membership('acme', 'release'))
      .reply(200, { role: 'maintainer', state: 'active' });
    const access = await readSenderAccess(
      testClient(),
      query(['security', 'other-org/dba', '@acme/sre', 'acme/release', 'security']),
    );
    expect(access).toEqual({ permission: 'maintain', teams: ['security', 'acme/release'] });
    scope.done();
  });

  it('says the App lacks members: read when GitHub refuses a team (403), rather than calling the sender a non-member', async () => {
    const scope = nock(API)
      .get(PERMISSION)
      .reply(200, permissionBody('admin', 'admin'))
      .get(membership('acme', 'security'))
      .reply(403, { message: 'Resource not accessible by integration' });
    const error = await readSenderAccess(testClient(), query(['acme/security'])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubWriteError);
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    expect((error as Error).message).toMatch(
      /needs the organization permission `members: read` to check whether @erin is in acme\/security/,
    );
    scope.done();
  });

  it('turns a refused permission read into a clear error', async () => {
    const scope = nock(API).get(PERMISSION).reply(403, { message: 'Resource not accessible by integration' });
    await expect(readSenderAccess(testClient(), query())).rejects.toThrow(
      /closed-loop needs the repository permission `metadata: read`/,
    );
    scope.done();
  });

  it('passes a server error on with the request that failed', async () => {
    const scope = nock(API).get(PERMISSION).reply(502, { message: 'Bad Gateway' });
    await expect(readSenderAccess(testClient(), query())).rejects.toMatchObject({
      code: 'failed',
      status: 502,
      request: `GET ${API}${PERMISSION}`,
    });
    scope.done();
  });
});
