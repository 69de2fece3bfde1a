import nock from 'nock';
import { describe, expect, it } from 'vitest';
import type { CheckRun } from '../../src/core/plan/plan-schema.js';
import { applyPlan } from '../../src/github/apply-plan.js';
import { API, HEAD, logLines, target, testClient, useNock } from './github-test-kit.js';

useNock();

const LIST = `/repos/acme/shop/commits/${HEAD}/check-runs`;
const query = { filter: 'latest', per_page: 100 };
const write: CheckRun = {
  kind: 'check_run',
  name: 'closed-loop',
  head_sha: HEAD,
  status: 'completed',
  conclusion: 'failure',
  output: { title: 'Waiting for a security review', summary: 'needs: security review from @acme/security' },
};
const listed = (id: number, overrides: Record<string, unknown> = {}) => ({
  total_count: 1,
  check_runs: [
    {
      id,
      name: 'closed-loop',
      status: 'in_progress',
      conclusion: null,
      output: { title: 'Running', summary: '', text: null },
      ...overrides,
    },
  ],
});

describe('check_run', () => {
  it('creates the run when the head has none of that name', async () => {
    const scope = nock(API)
      .get(LIST)
      .query(query)
      .reply(200, { total_count: 0, check_runs: [] })
      .post('/repos/acme/shop/check-runs', {
        name: 'closed-loop',
        head_sha: HEAD,
        status: 'completed',
        conclusion: 'failure',
        output: {
          title: 'Waiting for a security review',
          summary: 'needs: security review from @acme/security',
        },
      })
      .reply(201, { id: 77 });
    const [result] = await applyPlan(testClient(), target, [write], logLines());
    expect(result).toMatchObject({ outcome: 'created', id: 77 });
    scope.done();
  });

  it('updates the latest run of that name on that head', async () => {
    const scope = nock(API)
      .get(LIST)
      .query(query)
      .reply(200, listed(12))
      .patch('/repos/acme/shop/check-runs/12', {
        name: 'closed-loop',
        status: 'completed',
        conclusion: 'failure',
        output: {
          title: 'Waiting for a security review',
          summary: 'needs: security review from @acme/security',
        },
      })
      .reply(200, { id: 12 });
    const [result] = await applyPlan(testClient(), target, [write], logLines());
    expect(result).toMatchObject({ outcome: 'updated', id: 12 });
    scope.done();
  });

  it('sends nothing when the run already says the same', async () => {
    const scope = nock(API)
      .get(LIST)
      .query(query)
      .reply(
        200,
        listed(12, { status: 'completed', conclusion: 'failure', output: { ...write.output, text: null } }),
      );
    const [result] = await applyPlan(testClient(), target, [write], logLines());
    expect(result).toMatchObject({ outcome: 'unchanged', requests: [] });
    scope.done();
  });

  it("finds its run among the head's other checks on the page it reads", async () => {
    const others = [
      {
        id: 5,
        name: 'test',
        status: 'completed',
        conclusion: 'success',
        output: { title: null, summary: null, text: null },
      },
    ];
    const scope = nock(API)
      .get(LIST)
      .query(query)
      .reply(200, { total_count: 2, check_runs: [...others, listed(12).check_runs[0]] })
      .patch('/repos/acme/shop/check-runs/12')
      .reply(200, { id: 12 });
    const [result] = await applyPlan(testClient(), target, [write], logLines());
    expect(result).toMatchObject({ outcome: 'updated', id: 12 });
    scope.done();
  });

  it('asks by name when the head has more runs than one page and its run is not on the first', async () => {
    const others = Array.from({ length: 100 }, (_, k) => ({
      id: 100 + k,
      name: `job ${k}`,
      status: 'completed',
      conclusion: 'success',
      output: { title: null, summary: null, text: null },
    }));
    const scope = nock(API)
      .get(LIST)
      .query(query)
      .reply(200, { total_count: 101, check_runs: others })
      .get(LIST)
      .query({ ...query, check_name: 'closed-loop' })
      .reply(200, listed(12))
      .patch('/repos/acme/shop/check-runs/12')
      .reply(200, { id: 12 });
    const [result] = await applyPlan(testClient(), target, [write], logLines());
    expect(result).toMatchObject({ outcome: 'updated', id: 12 });
    scope.done();
  });
});
