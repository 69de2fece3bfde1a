import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { commentWrite, renderCommentBody } from '../../src/core/plan/comment-marker.js';
import { applyPlan } from '../../src/github/apply-plan.js';
import { API, comment, logLines, target, testClient, useNock } from './github-test-kit.js';

useNock();

const LIST = '/repos/acme/shop/issues/7/comments';
const write = commentWrite('sticky', '## closed-loop\nattempt 2: green');
const body = renderCommentBody(write);

describe('upsert_comment', () => {
  it('creates the comment when none carries the marker', async () => {
    const scope = nock(API)
      .get(LIST)
      .query({ per_page: 100 })
      .reply(200, [comment(1, 'LGTM')])
      .post(LIST, { body })
      .reply(201, { id: 99 });
    const [result] = await applyPlan(testClient(), target, [write], logLines());
    expect(result).toMatchObject({ outcome: 'created', id: 99 });
    expect(result?.requests).toEqual([{ method: 'POST', url: `${API}${LIST}`, body: { body } }]);
    expect(body).toBe('<!-- closed-loop:sticky -->\n## closed-loop\nattempt 2: green');
    scope.done();
  });

  it('updates the marked comment when its body differs', async () => {
    const scope = nock(API)
      .get(LIST)
      .query({ per_page: 100 })
      .reply(200, [comment(5, '<!-- closed-loop:sticky -->\nold')])
      .patch('/repos/acme/shop/issues/comments/5', { body })
      .reply(200, { id: 5 });
    const [result] = await applyPlan(testClient(), target, [write], logLines());
    expect(result).toMatchObject({ outcome: 'updated', id: 5 });
    scope.done();
  });

  it('sends nothing when the marked comment already says it (a duplicate delivery)', async () => {
    const scope = nock(API)
      .get(LIST)
      .query({ per_page: 100 })
      .reply(200, [comment(5, body)]);
    const { lines, log } = logLines();
    const [result] = await applyPlan(testClient(), target, [write], { log });
    expect(result).toMatchObject({ outcome: 'unchanged', requests: [] });
    expect(lines).toEqual([
      'acme/shop#7: upsert_comment: left unchanged comment 5 <!-- closed-loop:sticky -->',
    ]);
    scope.done();
  });

  it('keeps the oldest of racing duplicates, updates it and deletes the others', async () => {
    const scope = nock(API)
      .get(LIST)
      .query({ per_page: 100 })
      .reply(200, [
        comment(30, body, '2026-01-01T00:00:09Z'),
        comment(20, '<!-- closed-loop:sticky -->\nold', '2026-01-01T00:00:01Z'),
        comment(40, body, '2026-01-01T00:00:09Z'),
      ])
      .patch('/repos/acme/shop/issues/comments/20', { body })
      .reply(200, { id: 20 })
      .delete('/repos/acme/shop/issues/comments/30')
      .reply(204)
      // Another instance deleted this one first: 404 is fine.
      .delete('/repos/acme/shop/issues/comments/40')
      .reply(404, { message: 'Not Found' });
    const [result] = await applyPlan(testClient(), target, [write], logLines());
    expect(result).toMatchObject({
      outcome: 'updated',
      id: 20,
      detail: expect.stringContaining('deleted 2 duplicate(s)'),
    });
    expect(result?.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `PATCH ${API}/repos/acme/shop/issues/comments/20`,
      `DELETE ${API}/repos/acme/shop/issues/comments/30`,
    ]);
    scope.done();
  });

  it('follows pagination to find the marker on page 2', async () => {
    const page2 = `${API}${LIST}?per_page=100&page=2`;
    const scope = nock(API)
      .get(LIST)
      .query({ per_page: 100 })
      .reply(200, [comment(1, 'first')], { link: `<${page2}>; rel="next", <${page2}>; rel="last"` })
      .get(LIST)
      .query({ per_page: 100, page: 2 })
      .reply(200, [comment(101, body)]);
    const [result] = await applyPlan(testClient(), target, [write], logLines());
    expect(result).toMatchObject({ outcome: 'unchanged', id: 101 });
    scope.done();
  });

  it('with a key, writes one comment per key and leaves other keys alone', async () => {
    const keyed = commentWrite('dead-letter', 'gave up', 'b'.repeat(40));
    const keyedBody = renderCommentBody(keyed);
    const scope = nock(API)
      .get(LIST)
      .query({ per_page: 100 })
      .reply(200, [comment(3, renderCommentBody(commentWrite('dead-letter', 'gave up', 'c'.repeat(40))))])
      .post(LIST, { body: keyedBody })
      .reply(201, { id: 4 });
    const [result] = await applyPlan(testClient(), target, [keyed], logLines());
    expect(result).toMatchObject({ outcome: 'created', id: 4 });
    expect(keyedBody).toContain(`<!-- closed-loop:key ${'b'.repeat(40)} -->`);
    scope.done();
  });

  it('with commentAuthor, ignores a marker planted by someone else', async () => {
    const scope = nock(API)
      .get(LIST)
      .query({ per_page: 100 })
      .reply(200, [comment(2, body, undefined, 'mallory')])
      .post(LIST, { body })
      .reply(201, { id: 8 });
    const [result] = await applyPlan(testClient(), target, [write], {
      ...logLines(),
      commentAuthor: 'github-actions[bot]',
    });
    expect(result).toMatchObject({ outcome: 'created', id: 8 });
    scope.done();
  });
});
