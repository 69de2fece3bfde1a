import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isComplete, pullRequestNumber, readPullRequest } from '../../src/action/read-event.js';
import {
  FORK_OWNER,
  HEAD_REF,
  OWNER,
  PR_NUMBER,
  REPO,
  realSynchronizePayload,
  synchronizePayload,
} from './pr-payload.js';

function eventFile(payload: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'closed-loop-event-')), 'event.json');
  writeFileSync(file, typeof payload === 'string' ? payload : JSON.stringify(payload));
  return file;
}

const SHA = '1111111111111111111111111111111111111111';

describe('readPullRequest', () => {
  it('reads the real synchronize example from @octokit/webhooks-examples as it is', async () => {
    const pr = await readPullRequest(eventFile(realSynchronizePayload()));
    expect(pr).toEqual({
      number: 2,
      owner: 'Codertocat',
      repo: 'Hello-World',
      headSha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
      headRef: 'changes',
      isFork: false,
      labels: ['bug'],
    });
    expect(pr && isComplete(pr)).toBe(true);
  });

  it("reads a same-repository pull request from the example derived for the tests' repository", async () => {
    const pr = await readPullRequest(eventFile(synchronizePayload(SHA)));
    expect(pr).toEqual({
      number: PR_NUMBER,
      owner: OWNER,
      repo: REPO,
      headSha: SHA,
      headRef: HEAD_REF,
      isFork: false,
      labels: ['bug'],
    });
  });

  it('a head repository other than the base is a fork', async () => {
    const p = synchronizePayload(SHA, { fork: true });
    expect(p.pull_request.head.repo?.full_name).toBe(`${FORK_OWNER}/${REPO}`);
    expect(await readPullRequest(eventFile(p))).toMatchObject({
      number: PR_NUMBER,
      owner: OWNER,
      repo: REPO,
      headRef: HEAD_REF,
      isFork: true,
    });
  });

  it('a deleted fork (head.repo null) is a fork; labels are read', async () => {
    const p = synchronizePayload(SHA);
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
