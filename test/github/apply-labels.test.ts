import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { applyPlan } from '../../src/github/apply-plan.js';
import { API, logLines, target, testClient, useNock } from './github-test-kit.js';

useNock();

const ON_PR = '/repos/acme/shop/issues/7/labels';
const labels = (...names: string[]) => names.map((name, i) => ({ id: i + 1, name }));

describe('labels', () => {
  it('adds only the labels the PR lacks (case-insensitively)', async () => {
    const scope = nock(API)
      .get(ON_PR)
      .query({ per_page: 100 })
      .reply(200, labels('bug', 'Loop:Blocked'))
      .post(ON_PR, { labels: ['needs:security-review'] })
      .reply(200, labels('bug', 'Loop:Blocked', 'needs:security-review'));
    const [result] = await applyPlan(
      testClient(),
      target,
      [{ kind: 'add_labels', labels: ['loop:blocked', 'needs:security-review'] }],
      logLines(),
    );
    expect(result).toMatchObject({ outcome: 'updated', detail: 'added needs:security-review' });
    scope.done();
  });

  it('sends nothing when every label is already there', async () => {
    const scope = nock(API).get(ON_PR).query({ per_page: 100 }).reply(200, labels('loop:blocked'));
    const [result] = await applyPlan(
      testClient(),
      target,
      [{ kind: 'add_labels', labels: ['loop:blocked'] }],
      logLines(),
    );
    expect(result).toMatchObject({ outcome: 'unchanged', requests: [] });
    scope.done();
  });

  it('removes only the labels the PR has, and a 404 (already gone) is fine', async () => {
    const scope = nock(API)
      .get(ON_PR)
      .query({ per_page: 100 })
      .reply(200, labels('loop:blocked', 'needs:security-review'))
      .delete(`${ON_PR}/loop%3Ablocked`)
      .reply(200, [])
      .delete(`${ON_PR}/needs%3Asecurity-review`)
      .reply(404, { message: 'Label does not exist' });
    const plan = [
      {
        kind: 'remove_labels' as const,
        labels: ['loop:blocked', 'needs:security-review', 'loop:dead-letter'],
      },
    ];
    const [result] = await applyPlan(testClient(), target, plan, logLines());
    expect(result).toMatchObject({ outcome: 'updated' });
    expect(result?.requests).toEqual([{ method: 'DELETE', url: `${API}${ON_PR}/loop%3Ablocked` }]);
    scope.done();
  });

  it('ensure_labels creates the missing repository labels and tolerates already_exists', async () => {
    const scope = nock(API)
      .get('/repos/acme/shop/labels')
      .query({ per_page: 100 })
      .reply(200, labels('loop:blocked'))
      .post('/repos/acme/shop/labels', { name: 'loop:dead-letter', color: 'b60205', description: 'gave up' })
      .reply(201, {})
      .post('/repos/acme/shop/labels', {
        name: 'approved:security',
        color: '0e8a16',
        description: 'approved',
      })
      .reply(422, {
        message: 'Validation Failed',
        errors: [{ resource: 'Label', code: 'already_exists', field: 'name' }],
      });
    const plan = [
      {
        kind: 'ensure_labels' as const,
        labels: [
          { name: 'loop:blocked', color: 'd93f0b', description: 'blocked' },
          { name: 'loop:dead-letter', color: 'b60205', description: 'gave up' },
          { name: 'approved:security', color: '0e8a16', description: 'approved' },
        ],
      },
    ];
    const [result] = await applyPlan(testClient(), target, plan, logLines());
    expect(result).toMatchObject({ outcome: 'created', detail: 'created labels loop:dead-letter' });
    scope.done();
  });

  it('applies a whole plan twice: the second time only reads', async () => {
    const plan = [
      { kind: 'add_labels' as const, labels: ['loop:blocked'] },
      { kind: 'remove_labels' as const, labels: ['needs:security-review'] },
    ];
    const first = nock(API)
      .get(ON_PR)
      .query({ per_page: 100 })
      .reply(200, labels('needs:security-review'))
      .post(ON_PR, { labels: ['loop:blocked'] })
      .reply(200, [])
      .get(ON_PR)
      .query({ per_page: 100 })
      .reply(200, labels('needs:security-review', 'loop:blocked'))
      .delete(`${ON_PR}/needs%3Asecurity-review`)
      .reply(200, []);
    expect((await applyPlan(testClient(), target, plan, logLines())).map((r) => r.outcome)).toEqual([
      'updated',
      'updated',
    ]);
    first.done();
    const second = nock(API).get(ON_PR).query({ per_page: 100 }).twice().reply(200, labels('loop:blocked'));
    expect((await applyPlan(testClient(), target, plan, logLines())).map((r) => r.outcome)).toEqual([
      'unchanged',
      'unchanged',
    ]);
    second.done();
  });
});
