import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { commentWrite } from '../../src/core/plan/comment-marker.js';
import { applyPlan } from '../../src/github/apply-plan.js';
import { createGitHubClient } from '../../src/github/create-github-client.js';
import { API, logLines, target, useNock } from './github-test-kit.js';

useNock();

// The one place throttling is on: the plugin's real behaviour, with GitHub asking for a 1 s wait.
const LIST = '/repos/acme/shop/issues/7/comments';
const limited = {
  message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
};

describe('a secondary rate limit with throttling on', () => {
  it('is logged and retried once after the time GitHub gives', async () => {
    const { lines, log } = logLines();
    const octokit = createGitHubClient({ token: 'ghs_x', retry: false, log });
    const scope = nock(API)
      .get(LIST)
      .query({ per_page: 100 })
      .reply(200, [])
      .post(LIST)
      .reply(403, limited, { 'retry-after': '1' })
      .post(LIST)
      .reply(201, { id: 5 });
    const [result] = await applyPlan(octokit, target, [commentWrite('sticky', 'hi')], logLines());
    expect(result).toMatchObject({ outcome: 'created', id: 5 });
    // The handler sees the route template; octokit's request log adds its own `POST … - 403` line.
    expect(lines.filter((l) => l.includes('secondary'))).toEqual([
      'GitHub secondary rate limit on POST /repos/{owner}/{repo}/issues/{issue_number}/comments: waiting 1 s, then retrying once',
    ]);
    scope.done();
  });

  it('a second limit in a row ends in a rate_limited error, not a loop', async () => {
    const { lines, log } = logLines();
    const octokit = createGitHubClient({ token: 'ghs_x', retry: false, log });
    const scope = nock(API)
      .get(LIST)
      .query({ per_page: 100 })
      .reply(200, [])
      .post(LIST)
      .twice()
      .reply(403, limited, { 'retry-after': '1' });
    const error = await applyPlan(octokit, target, [commentWrite('sticky', 'hi')], logLines()).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'rate_limited' });
    expect(lines.filter((l) => l.includes('secondary')).map((l) => l.split(': ').pop())).toEqual([
      'waiting 1 s, then retrying once',
      'giving up',
    ]);
    scope.done();
  });
});
