import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { listHeadChecks } from '../../src/github/list-head-checks.js';
import { prefetchPullRequest } from '../../src/github/prefetch-pull-request.js';
import { readRepoConfig } from '../../src/github/read-repo-config.js';
import { reuseReads } from '../../src/github/reuse-reads.js';
import { API, HEAD, testClient, useNock } from './github-test-kit.js';

useNock();

const where = { owner: 'acme', repo: 'shop', number: 7 };
const PULL = 'GET /repos/{owner}/{repo}/pulls/{pull_number}';
const CONFIG = 'version: 1\nloop_guard:\n  max_fix_commits: 3\n';
const COMMENTS = 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments';

/** A delivery's client (its reads reused), as the App makes one. */
function client() {
  const octokit = testClient();
  reuseReads(octokit as never);
  return octokit;
}

/**
 * GitHub's answer to the query: one pull request with a comment by the App, a check run and a config file.
 */
function answer(over: { config?: unknown; comments?: number } = {}) {
  const comment = {
    databaseId: 11,
    id: 'IC_11',
    body: '<!-- closed-loop:loop-comment -->',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:05Z',
    author: { __typename: 'Bot', login: 'closed-loop' },
  };
  return {
    data: {
      repository: {
        nameWithOwner: 'acme/shop',
        name: 'shop',
        owner: { login: 'acme' },
        defaultBranchRef: { name: 'main' },
        config:
          over.config === undefined
            ? {
                __typename: 'Blob',
                byteSize: CONFIG.length,
                isBinary: false,
                isTruncated: false,
                text: CONFIG,
              }
            : over.config,
        labels: { totalCount: 1, nodes: [{ name: 'bug', color: 'd73a4a', description: null }] },
        pullRequest: {
          number: 7,
          state: 'OPEN',
          body: '',
          author: { __typename: 'User', login: 'alice' },
          headRefName: 'feature',
          headRefOid: HEAD,
          headRepository: { nameWithOwner: 'acme/shop' },
          labels: { totalCount: 1, nodes: [{ name: 'bug' }] },
          comments: { totalCount: over.comments ?? 1, nodes: [comment] },
          commits: {
            nodes: [
              {
                commit: {
                  oid: HEAD,
                  checkSuites: {
                    totalCount: 1,
                    nodes: [
                      {
                        checkRuns: {
                          totalCount: 1,
                          nodes: [
                            {
                              databaseId: 5,
                              name: 'test',
                              status: 'COMPLETED',
                              conclusion: 'FAILURE',
                              url: 'https://github.com/acme/shop/runs/5',
                              title: null,
                              summary: null,
                              text: null,
                            },
                          ],
                        },
                      },
                    ],
                  },
                },
              },
            ],
          },
        },
      },
    },
  };
}

describe('prefetchPullRequest: one query, read back through REST', () => {
  it("the pull request, its labels, comments, the head's checks, the config and the repository's labels then cost no request, in REST's shape", async () => {
    nock(API).post('/graphql').once().reply(200, answer());
    const octokit = client();
    await prefetchPullRequest(octokit as never, where);
    const { data: pull } = await octokit.request(PULL, { owner: 'acme', repo: 'shop', pull_number: 7 });
    expect(pull).toMatchObject({
      state: 'open',
      user: { login: 'alice' },
      head: { sha: HEAD, ref: 'feature', repo: { full_name: 'acme/shop' } },
      base: { repo: { default_branch: 'main' } },
    });
    expect(
      await octokit.paginate('GET /repos/{owner}/{repo}/issues/{issue_number}/labels', {
        owner: 'acme',
        repo: 'shop',
        issue_number: 7,
        per_page: 100,
      }),
    ).toEqual([{ name: 'bug' }]);
    const comments = await octokit.paginate(COMMENTS, {
      owner: 'acme',
      repo: 'shop',
      issue_number: 7,
      per_page: 100,
    });
    expect(comments).toEqual([
      {
        id: 11,
        node_id: 'IC_11',
        body: '<!-- closed-loop:loop-comment -->',
        created_at: '2026-01-01T00:00:00Z',
        updated_at: '2026-01-01T00:00:05Z',
        user: { login: 'closed-loop[bot]', type: 'Bot' },
      },
    ]);
    expect(await listHeadChecks(octokit, { owner: 'acme', repo: 'shop', sha: HEAD }, [])).toEqual([
      {
        name: 'test',
        status: 'completed',
        conclusion: 'failure',
        url: 'https://github.com/acme/shop/runs/5',
      },
    ]);
    const config = await readRepoConfig(octokit, { owner: 'acme', repo: 'shop', ref: 'main' });
    if (!config.ok) throw new Error(config.message);
    expect(config.config.loop_guard.max_fix_commits).toBe(3);
    expect(
      await octokit.paginate('GET /repos/{owner}/{repo}/labels', {
        owner: 'acme',
        repo: 'shop',
        per_page: 100,
      }),
    ).toEqual([{ name: 'bug', color: 'd73a4a', description: null }]);
  });

  it("no config file: its read is GitHub's 404 (the defaults apply), without asking", async () => {
    nock(API)
      .post('/graphql')
      .reply(200, answer({ config: null }));
    const octokit = client();
    await prefetchPullRequest(octokit as never, where);
    expect(await readRepoConfig(octokit, { owner: 'acme', repo: 'shop', ref: 'main' })).toMatchObject({
      ok: true,
      sources: [],
    });
  });

  it('a list longer than one page is read through REST; once per delivery', async () => {
    nock(API)
      .post('/graphql')
      .once()
      .reply(200, answer({ comments: 150 }))
      .get('/repos/acme/shop/issues/7/comments')
      .query({ per_page: 100 })
      .reply(200, []);
    const octokit = client();
    await prefetchPullRequest(octokit as never, where);
    await prefetchPullRequest(octokit as never, where); // gatherPr after fetchPrFacts: no second query
    expect(
      await octokit.paginate(COMMENTS, { owner: 'acme', repo: 'shop', issue_number: 7, per_page: 100 }),
    ).toEqual([]);
  });

  it('when the query fails, the reads go to REST as before', async () => {
    nock(API)
      .post('/graphql')
      .reply(502, { message: 'Bad Gateway' })
      .get('/repos/acme/shop/pulls/7')
      .reply(200, { number: 7, labels: [] });
    const octokit = client();
    await prefetchPullRequest(octokit as never, where);
    expect((await octokit.request(PULL, { owner: 'acme', repo: 'shop', pull_number: 7 })).data.number).toBe(
      7,
    );
  });

  it('a client that does not reuse its reads is not sent the query (nothing would read it)', async () => {
    await prefetchPullRequest(testClient() as never, where); // nock: any request fails the test
  });
});
