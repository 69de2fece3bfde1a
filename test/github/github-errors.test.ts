import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { commentWrite } from '../../src/core/plan/comment-marker.js';
import { applyPlan, PlanApplyError } from '../../src/github/apply-plan.js';
import { GitHubWriteError, requiredPermission } from '../../src/github/github-write-error.js';
import { API, HEAD, logLines, target, testClient, useNock } from './github-test-kit.js';

useNock();

const LIST = '/repos/acme/shop/issues/7/comments';
const denied = {
  message: 'Resource not accessible by integration',
  documentation_url: 'https://docs.github.com/rest',
};

describe('GitHub errors become a GitHubWriteError that says what to do', () => {
  it('403 names the permission the token needs, and stops the plan there', async () => {
    const scope = nock(API).get(LIST).query({ per_page: 100 }).reply(200, []).post(LIST).reply(403, denied);
    const { lines, log } = logLines();
    const plan = [commentWrite('sticky', 'hi'), { kind: 'add_labels' as const, labels: ['loop:blocked'] }];
    const error = await applyPlan(testClient(), target, plan, { log }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlanApplyError);
    expect(error).toBeInstanceOf(GitHubWriteError);
    expect(error).toMatchObject({
      code: 'forbidden',
      status: 403,
      applied: [],
      request: `POST ${API}${LIST}`,
    });
    expect((error as Error).message).toBe(
      `GitHub refused POST ${API}${LIST} (403: Resource not accessible by integration - https://docs.github.com/rest); ` +
        "the token needs the `issues: write (or pull-requests: write on a pull request)` permission — add it to the workflow's permissions block or the App's permissions.",
    );
    expect(lines).toHaveLength(1);
    scope.done();
  });

  it('403 on a check run asks for checks: write', async () => {
    const scope = nock(API)
      .get(`/repos/acme/shop/commits/${HEAD}/check-runs`)
      .query(true)
      .reply(200, { total_count: 0, check_runs: [] })
      .post('/repos/acme/shop/check-runs')
      .reply(403, denied);
    const plan = [
      {
        kind: 'check_run' as const,
        name: 'closed-loop',
        head_sha: HEAD,
        status: 'in_progress' as const,
        output: { title: 'Running', summary: '' },
      },
    ];
    const error = await applyPlan(testClient(), target, plan, logLines()).catch((e: unknown) => e);
    expect((error as Error).message).toContain('`checks: write`');
    scope.done();
  });

  it('404 (the PR or branch is gone) says nothing was changed', async () => {
    const scope = nock(API).get(LIST).query({ per_page: 100 }).reply(404, { message: 'Not Found' });
    const error = await applyPlan(testClient(), target, [commentWrite('sticky', 'hi')], logLines()).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
    expect((error as Error).message).toMatch(/the pull request, branch or repository is gone/);
    scope.done();
  });

  it('a secondary rate limit says how long to wait', async () => {
    const scope = nock(API).get(LIST).query({ per_page: 100 }).reply(200, []).post(LIST).reply(
      403,
      {
        message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      },
      { 'retry-after': '42' },
    );
    const error = await applyPlan(testClient(), target, [commentWrite('sticky', 'hi')], logLines()).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'rate_limited', status: 403 });
    expect((error as Error).message).toContain('wait 42 s and run again');
    scope.done();
  });

  it('keeps the writes applied before the failure', async () => {
    const scope = nock(API)
      .get('/repos/acme/shop/issues/7/labels')
      .query({ per_page: 100 })
      .reply(200, [{ id: 1, name: 'loop:blocked' }])
      .get(LIST)
      .query({ per_page: 100 })
      .reply(500, { message: 'Server Error' });
    const plan = [{ kind: 'add_labels' as const, labels: ['loop:blocked'] }, commentWrite('sticky', 'hi')];
    const error = await applyPlan(testClient(), target, plan, logLines()).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'failed',
      status: 500,
      applied: [{ kind: 'add_labels', outcome: 'unchanged' }],
    });
    scope.done();
  });

  it('an invalid plan is refused before anything is sent', async () => {
    const plan = [{ kind: 'upsert_comment' as const, marker: 'not a marker', body: 'x' }];
    await expect(applyPlan(testClient(), target, plan, logLines())).rejects.toMatchObject({
      code: 'invalid_plan',
    });
  });

  it.each([
    ['POST', `${API}/repos/o/r/check-runs`, 'checks: write'],
    ['GET', `${API}/repos/o/r/commits/abc/check-runs`, 'checks: read'],
    [
      'DELETE',
      `${API}/repos/o/r/issues/1/labels/x`,
      'issues: write (or pull-requests: write on a pull request)',
    ],
    ['PATCH', `${API}/repos/o/r/issues/comments/5`, 'issues: write'],
    ['POST', `${API}/repos/o/r/labels`, 'issues: write'],
    ['POST', `${API}/repos/o/r/pulls/7/reviews`, 'pull-requests: write'],
    ['GET', `${API}/repos/o/r/pulls/7/files?per_page=100`, 'pull-requests: read'],
    ['POST', `${API}/repos/o/r/actions/runs/78/rerun-failed-jobs`, 'actions: write'],
    ['GET', `${API}/repos/o/r/actions/jobs/9/logs`, 'actions: read'],
    ['PUT', `${API}/repos/o/r/contents/a.txt`, 'contents: write'],
  ])('requiredPermission(%s %s) is %s', (method, url, permission) => {
    expect(requiredPermission(method, url)).toBe(permission);
  });
});
