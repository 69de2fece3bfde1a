import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isComplete, pullRequestNumber, readPullRequest } from '../../src/action/read-event.js';
import { payloadFixture } from './run-action-in-process.js';

function eventFile(payload: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'closed-loop-event-')), 'event.json');
  writeFileSync(file, typeof payload === 'string' ? payload : JSON.stringify(payload));
  return file;
}

const SHA = '1111111111111111111111111111111111111111';

describe('readPullRequest', () => {
  it('reads a same-repository pull request from the derived synchronize payload', async () => {
    const pr = await readPullRequest(eventFile(payloadFixture('pull_request.synchronize.json')));
    expect(pr).toEqual({ number: 42, owner: 'octo-org', repo: 'shop', headSha: SHA, headRef: 'tidy-cart', isFork: false, labels: [] });
    expect(pr && isComplete(pr)).toBe(true);
  });

  it('a head repository other than the base is a fork', async () => {
    const pr = await readPullRequest(eventFile(payloadFixture('pull_request.synchronize.fork.json')));
    expect(pr).toMatchObject({ number: 42, owner: 'octo-org', repo: 'shop', headRef: 'patch-1', isFork: true });
  });

  it('a deleted fork (head.repo null) is a fork; labels are read', async () => {
    const p = payloadFixture('pull_request.synchronize.json');
    p.pull_request.head = { ref: 'x', sha: SHA, repo: null };
    p.pull_request.labels = [{ name: 'loop:blocked' }, { name: 42 }];
    expect(await readPullRequest(eventFile(p))).toMatchObject({ isFork: true, labels: ['loop:blocked'] });
  });

  it.each([
    ['no event path', undefined],
    ['not JSON', 'nope'],
    ['a push event', { ref: 'refs/heads/main' }],
    ['a bad number', { pull_request: { number: -1 } }],
  ])('%s: null', async (_, payload) => {
    const path = payload === undefined ? undefined : eventFile(payload);
    expect(await readPullRequest(path)).toBeNull();
    expect(await pullRequestNumber(path)).toBeNull();
  });

  it('a payload without a usable head is not complete: standalone mode stays off', async () => {
    const pr = await readPullRequest(eventFile({ pull_request: { number: 7, head: { sha: 'short' } } }));
    expect(pr?.number).toBe(7);
    expect(pr && isComplete(pr)).toBe(false);
  });
});
