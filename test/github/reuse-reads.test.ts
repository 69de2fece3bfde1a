import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { reuseReads, seedRead } from '../../src/github/reuse-reads.js';
import { API, HEAD, testClient, useNock } from './github-test-kit.js';

useNock();

/** A delivery's client: the reads it already made are answered from memory (nock fails any extra request). */
function client() {
  const octokit = testClient();
  reuseReads(octokit as never);
  return octokit;
}

const CHECKS = `/repos/acme/shop/commits/${HEAD}/check-runs`;
const checks = { total_count: 1, check_runs: [{ id: 1, name: 'test' }] };

describe('reuseReads: one delivery reads each thing once', () => {
  it('a paginated list and a plain request of its first page share one read, each with its own copy', async () => {
    nock(API).get(CHECKS).query({ filter: 'latest', per_page: 100 }).once().reply(200, checks);
    const octokit = client();
    const all = await octokit.paginate('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
      owner: 'acme',
      repo: 'shop',
      ref: HEAD,
      filter: 'latest',
      per_page: 100,
    });
    const page = await octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
      owner: 'acme',
      repo: 'shop',
      ref: HEAD,
      filter: 'latest',
      per_page: 100,
    });
    expect(all.map((r) => r.name)).toEqual(['test']);
    expect(page.data).toEqual(checks); // not the paginator's rewritten list
  });

  it("adding a label: GitHub's answer is the issue's labels, so they are not read again", async () => {
    nock(API)
      .get('/repos/acme/shop/issues/7/labels')
      .query({ per_page: 100 })
      .once()
      .reply(200, [])
      .post('/repos/acme/shop/issues/7/labels')
      .reply(200, [{ name: 'needs:security-review' }]);
    const octokit = client();
    const params = { owner: 'acme', repo: 'shop', issue_number: 7, per_page: 100 };
    expect(await octokit.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/labels', params)).toEqual(
      [],
    );
    await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', {
      owner: 'acme',
      repo: 'shop',
      issue_number: 7,
      labels: ['needs:security-review'],
    });
    expect(
      (await octokit.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/labels', params)).map(
        (l) => l.name,
      ),
    ).toEqual(['needs:security-review']);
  });

  it('editing and adding comments: the list read before shows them without a new read', async () => {
    nock(API)
      .get('/repos/acme/shop/issues/7/comments')
      .query({ per_page: 100 })
      .once()
      .reply(200, [{ id: 1, body: 'old' }])
      .patch('/repos/acme/shop/issues/comments/1')
      .reply(200, { id: 1, body: 'new' })
      .post('/repos/acme/shop/issues/7/comments')
      .reply(201, { id: 2, body: 'notice' });
    const octokit = client();
    const params = { owner: 'acme', repo: 'shop', issue_number: 7, per_page: 100 };
    await octokit.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', params);
    await octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
      owner: 'acme',
      repo: 'shop',
      comment_id: 1,
      body: 'new',
    });
    await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner: 'acme',
      repo: 'shop',
      issue_number: 7,
      body: 'notice',
    });
    expect(
      await octokit.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', params),
    ).toEqual([
      { id: 1, body: 'new' },
      { id: 2, body: 'notice' },
    ]);
  });

  it('a write whose answer says nothing about a read makes the next read go to GitHub', async () => {
    nock(API)
      .get(CHECKS)
      .query({ filter: 'latest', per_page: 100 })
      .twice()
      .reply(200, checks)
      .post('/repos/acme/shop/check-runs')
      .reply(201, { id: 2 });
    const octokit = client();
    const read = () =>
      octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
        owner: 'acme',
        repo: 'shop',
        ref: HEAD,
        filter: 'latest',
        per_page: 100,
      });
    await read();
    await octokit.request('POST /repos/{owner}/{repo}/check-runs', {
      owner: 'acme',
      repo: 'shop',
      name: 'closed-loop',
      head_sha: HEAD,
    });
    await read();
  });

  it('a failed write forgets what it may have changed', async () => {
    nock(API)
      .get('/repos/acme/shop/issues/7/comments')
      .query({ per_page: 100 })
      .twice()
      .reply(200, [{ id: 1, body: 'old' }])
      .patch('/repos/acme/shop/issues/comments/1')
      .reply(502, { message: 'Bad Gateway' });
    const octokit = client();
    const params = { owner: 'acme', repo: 'shop', issue_number: 7, per_page: 100 };
    await octokit.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', params);
    await expect(
      octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
        owner: 'acme',
        repo: 'shop',
        comment_id: 1,
        body: 'new',
      }),
    ).rejects.toThrow();
    await octokit.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', params);
  });

  it("a pull request read holds its labels: the issue's labels are not read after it, nor after a repository label is created", async () => {
    nock(API)
      .get('/repos/acme/shop/pulls/7')
      .reply(200, { number: 7, labels: [{ name: 'bug' }] })
      .post('/repos/acme/shop/labels')
      .reply(201, { name: 'needs:security-review' });
    const octokit = client();
    await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
      owner: 'acme',
      repo: 'shop',
      pull_number: 7,
    });
    await octokit.request('POST /repos/{owner}/{repo}/labels', {
      owner: 'acme',
      repo: 'shop',
      name: 'needs:security-review',
      color: 'ededed',
    });
    const labels = await octokit.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/labels', {
      owner: 'acme',
      repo: 'shop',
      issue_number: 7,
      per_page: 100,
    });
    expect(labels.map((l) => l.name)).toEqual(['bug']);
  });
});

describe('seedRead: a read answered before it is made', () => {
  const route = 'GET /repos/{owner}/{repo}/commits/{ref}/check-runs';
  const params = { owner: 'acme', repo: 'shop', ref: HEAD, filter: 'latest' as const, per_page: 100 };

  it('is answered from the seed; a write to what it read sends the next read to GitHub', async () => {
    nock(API)
      .post('/repos/acme/shop/check-runs')
      .reply(201, { id: 2 })
      .get(CHECKS)
      .query({ filter: 'latest', per_page: 100 })
      .once()
      .reply(200, {
        total_count: 2,
        check_runs: [
          { id: 1, name: 'test' },
          { id: 2, name: 'closed-loop' },
        ],
      });
    const octokit = client();
    seedRead(octokit, route, params, checks);
    expect((await octokit.request(route, params)).data).toEqual(checks);
    await octokit.request('POST /repos/{owner}/{repo}/check-runs', {
      owner: 'acme',
      repo: 'shop',
      name: 'closed-loop',
      head_sha: HEAD,
    });
    expect((await octokit.request(route, params)).data.total_count).toBe(2);
  });

  it('never replaces what the delivery already read', async () => {
    nock(API).get(CHECKS).query({ filter: 'latest', per_page: 100 }).once().reply(200, checks);
    const octokit = client();
    await octokit.request(route, params);
    seedRead(octokit, route, params, { total_count: 0, check_runs: [] });
    expect((await octokit.request(route, params)).data).toEqual(checks);
  });

  it("a seeded 404 is thrown as GitHub's", async () => {
    const octokit = client();
    seedRead(
      octokit,
      'GET /repos/{owner}/{repo}/contents/{path}',
      { owner: 'acme', repo: 'shop', path: '.github/closed-loop.yml', ref: 'main' },
      null,
    );
    await expect(
      octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
        owner: 'acme',
        repo: 'shop',
        path: '.github/closed-loop.yml',
        ref: 'main',
      }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
