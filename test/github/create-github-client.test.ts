import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { createGitHubClient, rateLimitHandlers } from '../../src/github/create-github-client.js';
import { API, logLines, useNock } from './github-test-kit.js';

useNock();

const request = { method: 'POST', url: '/repos/acme/shop/issues/7/comments' };

describe('createGitHubClient', () => {
  it('sends the token, the user agent and the base URL', async () => {
    const scope = nock('https://ghe.example.com/api/v3', {
      reqheaders: { authorization: 'token ghs_x', 'user-agent': /^closed-loop-test/ },
    })
      .get('/repos/acme/shop')
      .reply(200, { full_name: 'acme/shop' });
    const octokit = createGitHubClient({
      token: 'ghs_x',
      baseUrl: 'https://ghe.example.com/api/v3',
      userAgent: 'closed-loop-test',
      retry: false,
      throttle: false,
    });
    const { data } = await octokit.rest.repos.get({ owner: 'acme', repo: 'shop' });
    expect(data.full_name).toBe('acme/shop');
    scope.done();
  });

  it('uses the fetch it is given', async () => {
    const calls: string[] = [];
    const fake: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response('{"login":"bot"}', {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const octokit = createGitHubClient({ token: 'ghs_x', fetch: fake, retry: false, throttle: false });
    expect((await octokit.request('GET /user')).data).toEqual({ login: 'bot' });
    expect(calls).toEqual([`${API}/user`]);
  });

  it('refuses an empty token with what to do', () => {
    expect(() => createGitHubClient({ token: ' ' })).toThrow(/no GitHub token: pass the `token` input/);
  });
});

describe('rateLimitHandlers', () => {
  it('retries a secondary rate limit once, logging each time, then gives up', () => {
    const { lines, log } = logLines();
    const { onSecondaryRateLimit } = rateLimitHandlers(log);
    expect(onSecondaryRateLimit(60, request, null, 0)).toBe(true);
    expect(onSecondaryRateLimit(60, request, null, 1)).toBe(false);
    expect(lines).toEqual([
      'GitHub secondary rate limit on POST /repos/acme/shop/issues/7/comments: waiting 60 s, then retrying once',
      'GitHub secondary rate limit on POST /repos/acme/shop/issues/7/comments again after a retry: giving up',
    ]);
  });

  it.each([
    [30, 0, true],
    [30, 1, false],
    [3600, 0, false],
  ])('a primary limit resetting in %i s at retry %i: retry %s', (retryAfter, retryCount, expected) => {
    const { onRateLimit } = rateLimitHandlers(() => {}, 60);
    expect(onRateLimit(retryAfter, request, null, retryCount)).toBe(expected);
  });
});
