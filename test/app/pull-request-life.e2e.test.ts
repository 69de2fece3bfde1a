import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoopResult } from '../../src/core/loop-result.js';
import { aLoopResult } from '../core/pull-request/builders.js';
import { fixRepos } from '../github/fix-patch-kit.js';
import { BOT, PRIVATE_KEY } from './app-kit.js';
import { deliver, handled, SECRET, startApp, stopAll, until, type StartedApp } from './app-process.js';
import { FakeGitHub, type FakeCheckRun } from './fake-github.js';
import {
  closedPayload,
  commentPayload,
  DEFAULT_BRANCH,
  HEAD,
  mergeGroupPayload,
  pullRequestPayload,
  readyPayload,
  REPO_PATH,
  workflowRunPayload,
} from './payloads.js';
import { serveGitHub, type ServedGitHub } from './serve-github.js';

// A pull request's whole life through the bundled App's real HTTP server (signed deliveries, the queue)
// against the fake GitHub on a port: one App for the file, a fresh GitHub for each test.
const STICKY = '<!-- closed-loop:loop-comment -->';
const HANDOFF = '<!-- closed-loop:handoff -->';
const VERIFICATION = '<!-- closed-loop:verification -->';
const MIGRATION = {
  filename: 'db/migrations/004_add_orders.sql',
  sha: 'd'.repeat(40),
  status: 'added',
  additions: 12,
  deletions: 0,
};
const makeFix = fixRepos();

let github = new FakeGitHub();
let api: ServedGitHub;
let app: StartedApp;
let sent = 0;

beforeAll(async () => {
  api = await serveGitHub(() => github);
  app = await startApp({
    APP_ID: '4242',
    PRIVATE_KEY,
    WEBHOOK_SECRET: SECRET,
    GHE_HOST: `127.0.0.1:${api.port}`,
    GHE_PROTOCOL: 'http',
  });
}, 30_000);
afterAll(async () => {
  await stopAll();
  await new Promise((resolve) => api.server.close(resolve));
});
beforeEach(() => {
  github = new FakeGitHub();
});

/** Delivers one signed event (under `id`, a fresh one by default) and waits until the App has handled it. */
async function send(event: string, payload: object, id = `delivery-${++sent}`): Promise<void> {
  const before = await handled(app, event);
  expect((await deliver(app.url, event, payload, { id })).status).toBe(202);
  await until(async () => (await handled(app, event)) > before, app.output, 20_000);
}

const sticky = (): string => {
  const found = github.botComments(STICKY);
  expect(found).toHaveLength(1);
  return found[0]!.body;
};
const stageOf = (): string => /\| Stage \| \*\*([A-Z]+)\*\*/.exec(sticky())?.[1] ?? 'none';
const gateCheck = (sha: string) =>
  github.checkRuns.filter((c) => c.name === 'closed-loop' && c.head_sha === sha).at(-1);

/** A CI job's check run on a head, as GitHub Actions reports it. */
function ciCheck(sha: string, conclusion: string | null): FakeCheckRun {
  return {
    id: 500 + github.checkRuns.length,
    name: 'lint',
    head_sha: sha,
    status: conclusion === null ? 'in_progress' : 'completed',
    conclusion,
    output: { title: null, summary: null, text: null },
    app: 'github-actions',
  };
}

/** The `closed-loop-result` zip as the Action uploads it. */
function artifact(files: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));
}

const minutesAgo = (n: number): string =>
  new Date(Date.now() - n * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe("a pull request's life through the App's real HTTP server", () => {
  it('opened → a red run → the loop’s fix committed → green → a gate approved → merged: COMPLETE, one handoff naming the approver and the Duration; redeliveries duplicate nothing', async () => {
    const fix = await makeFix();
    github.git = fix.dir;
    github.headSha = github.branchHead = fix.start;
    github.files = [MIGRATION];
    github.permissions.alice = 'maintain';
    github.createdAt = minutesAgo(30);

    // Opened: no check has reported yet; the database gate is asked for.
    await send('pull_request', pullRequestPayload('opened', { head: fix.start }));
    expect(stageOf()).toBe('INIT');
    expect(github.labels).toEqual(['needs:database-review']);

    // A red run: lint failed in CI; the Action's loop fixed it and uploaded its fix; the App commits it.
    github.checkRuns.push(ciCheck(fix.start, 'failure'));
    github.artifacts.set(101, artifact({ 'result.json': fix.resultJson, 'fix.patch': fix.patch }));
    await send('workflow_run', workflowRunPayload({ id: 101, head: fix.start, conclusion: 'failure' }));
    const committed = github.branchHead;
    expect(committed).not.toBe(fix.start);
    expect(stageOf()).toBe('FAILED');
    expect(sticky()).toContain(`Pushed fix ${committed.slice(0, 7)}`);

    // The App's commit starts CI again: the loop's retry.
    github.headSha = committed;
    const lint = ciCheck(committed, null);
    github.checkRuns.push(lint);
    await send('pull_request', pullRequestPayload('synchronize', { head: committed, labels: github.labels }));
    expect(stageOf()).toBe('RETRY');

    // Green: the Action's run on the fix passes; only the database approval is missing.
    Object.assign(lint, { status: 'completed', conclusion: 'success' });
    const green: LoopResult = aLoopResult({
      head: { start: committed, end: committed },
      fix_commits: [],
      attempts: 0,
      history: [],
      strategies: [],
      files_modified: [],
    });
    github.artifacts.set(102, artifact({ 'result.json': `${JSON.stringify(green)}\n` }));
    await send('workflow_run', workflowRunPayload({ id: 102, head: committed, conclusion: 'success' }));
    expect(stageOf()).toBe('VALIDATE');
    expect(sticky()).toContain('| Next | **SHIP** · missing: database approval from');
    expect(gateCheck(committed)?.output.summary).toContain('**Stage: VALIDATE**');

    // The gate approved by label: ready to ship.
    github.labels.push('approved:database');
    await send(
      'pull_request',
      pullRequestPayload('labeled', {
        head: committed,
        labels: github.labels,
        label: 'approved:database',
        sender: 'alice',
      }),
    );
    expect(stageOf()).toBe('SHIP');
    expect(gateCheck(committed)?.conclusion).toBe('success');

    // Merged: COMPLETE and the handoff, once.
    github.merged = { at: new Date(Date.parse(github.createdAt) + 75 * 60_000).toISOString(), by: 'carol' };
    const merged = closedPayload({ head: committed, merged: github.merged });
    await send('pull_request', merged, 'merge-delivery');
    expect(stageOf()).toBe('COMPLETE');
    const handoffs = github.botComments(HANDOFF);
    expect(handoffs).toHaveLength(1);
    const handoff = handoffs[0]!.body;
    expect(handoff).toContain('| Duration | 1h 15m |');
    expect(handoff).toMatch(/\| Time to green \| (29|30|31)m \|/);
    expect(handoff).toContain('| database | ✅ approved by @alice (label) |');
    // The App committed the Action's two fix commits as one.
    expect(handoff).toContain(`- \`${committed.slice(0, 7)}\` auto_fix for lint-error (attempt 2)`);
    expect(handoff).toContain('**Strategies that worked**: auto_fix (lint-error)');
    expect(handoff).toContain('Merged by @carol');

    // Redeliveries: the merge again (same id and a new one), and a late run: nothing more is written.
    const comments = structuredClone(github.comments);
    const writes = github.writes.length;
    await send('pull_request', merged, 'merge-delivery');
    await send('pull_request', merged);
    await send('workflow_run', workflowRunPayload({ id: 102, head: committed, conclusion: 'success' }));
    expect(github.comments).toEqual(comments);
    expect(github.writes.slice(writes)).toEqual([]);
    expect(github.comments.filter((c) => c.user === BOT).map((c) => c.body.split('\n')[0])).toEqual([
      STICKY,
      '<!-- closed-loop:fix -->',
      HANDOFF,
    ]);
  }, 120_000);

  it('closed without merging: the sticky comment says the loop ended, and nothing else is written', async () => {
    github.checkRuns.push(ciCheck(HEAD, 'success'));
    await send('pull_request', pullRequestPayload('opened'));
    const before = github.writes.length;
    github.closed = true;
    await send('pull_request', closedPayload());
    expect(stageOf()).toBe('ENDED');
    expect(sticky()).toContain('closed without merging: the loop ended');
    expect(github.botComments(HANDOFF)).toEqual([]);
    expect(github.writes.slice(before).map((w) => `${w.method} ${w.path}`)).toEqual([
      `PATCH /repos/Codertocat/Hello-World/issues/comments/${github.botComments(STICKY)[0]!.id}`,
    ]);
  }, 60_000);

  it('ready_for_review posts the verification report without a command, once per head', async () => {
    github.body = '## Acceptance criteria\n\n- [x] `README.md` explains the setup\n';
    github.contents = { 'README.md': '# Hello\n' };
    github.checkRuns.push(ciCheck(HEAD, 'success'));
    await send('pull_request', readyPayload());
    const reports = github.botComments(VERIFICATION);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.body).toContain('### closed-loop · verification of ec26c3e');
    expect(reports[0]!.body).toContain('**Verdict: Complete**');
    expect(reports[0]!.body).toContain('because the pull request left draft');
    await send('pull_request', readyPayload());
    expect(github.botComments(VERIFICATION)).toHaveLength(1);
  }, 60_000);

  it('merge_group.checks_requested: the closed-loop check on the merge group head, from the gates of its pull request', async () => {
    const groupHead = '7'.repeat(40);
    github.files = [MIGRATION];
    github.mergeQueue = [{ head: groupHead, number: 2 }];
    await send('merge_group', mergeGroupPayload({ head: groupHead }));
    expect(gateCheck(groupHead)).toMatchObject({
      status: 'completed',
      conclusion: 'action_required',
      output: { title: '#2 waits for approval' },
    });
    expect(github.comments).toEqual([]); // a merge group has no comment
  }, 60_000);

  it('/close-loop fix <guidance> from a writer: recorded for the head, the failed jobs re-run; refused for a reader', async () => {
    github.permissions.dave = 'write';
    github.permissions.rita = 'read';
    github.runs = [
      {
        id: 77,
        head_sha: HEAD,
        status: 'completed',
        conclusion: 'failure',
        html_url: `https://github.com/Codertocat/Hello-World/actions/runs/77`,
        name: 'ci',
      },
    ];
    await send(
      'issue_comment',
      commentPayload('/close-loop fix keep the public API as it is', { sender: 'rita' }),
    );
    expect(github.botComments('<!-- closed-loop:reply -->')[0]?.body).toContain(
      'Refused: `/close-loop fix` needs write permission or higher, and you have read permission',
    );
    await send(
      'issue_comment',
      commentPayload('/close-loop fix keep the public API as it is', { sender: 'dave', id: 5002 }),
    );
    expect(
      github.writesTo('POST', new RegExp(`^${REPO_PATH}/actions/runs/77/rerun-failed-jobs$`)),
    ).toHaveLength(1);
    expect(sticky()).toContain(
      '| Guidance | from @dave for the loop\'s next run on this head: "keep the public API as it is" |',
    );
    expect(sticky()).toMatch(/<!-- closed-loop:guidance v1 [A-Za-z0-9+/=]+ -->/);
  }, 60_000);
});

void DEFAULT_BRANCH;
