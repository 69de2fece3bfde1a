import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outcomeViews } from '../../src/core/outcomes/outcome-views.js';
import { renderLoopComment } from '../../src/core/pull-request/render-loop-comment.js';
import type { FakeCheckRun } from './fake-github.js';
import { BOT, example, useApp } from './app-kit.js';
import {
  closedPayload,
  commentPayload,
  HEAD,
  PR,
  pullRequestPayload,
  REPO_PATH,
  workflowRunPayload,
} from './payloads.js';

// The stage machine as the App drives it, on what a person sees: the sticky comment's Stage row, the
// closed-loop check, the comments it writes. In-process App, fake GitHub, real payloads.
const kit = useApp({ outcomes: true });
const STICKY = '<!-- closed-loop:loop-comment -->';
const VERIFICATION = '<!-- closed-loop:verification -->';
const LOGS = join(import.meta.dirname, '../fixtures/ci-logs');
const NETWORK_LOG = readFileSync(join(LOGS, 'npm-network-error.log'), 'utf8');
const TSC_LOG = readFileSync(join(LOGS, 'tsc-type-error.log'), 'utf8');

const sticky = (): string => kit.github.botComments(STICKY)[0]?.body ?? '';
const stageOf = (): string => /\| Stage \| \*\*([A-Z]+)\*\*/.exec(sticky())?.[1] ?? 'none';
const gateCheck = (sha = HEAD) =>
  kit.github.checkRuns.filter((c) => c.name === 'closed-loop' && c.head_sha === sha).at(-1);
const reply = (): string => kit.github.botComments('<!-- closed-loop:reply -->').at(-1)?.body ?? '';

function ciCheck(conclusion: string | null, sha = HEAD): FakeCheckRun {
  return {
    id: 700 + kit.github.checkRuns.length,
    name: 'test',
    head_sha: sha,
    status: conclusion === null ? 'in_progress' : 'completed',
    conclusion,
    output: { title: null, summary: null, text: null },
    app: 'github-actions',
  };
}

describe('stages the App shows', () => {
  it('a draft is IMPLEMENT; ready for review moves it on', async () => {
    kit.github.draft = true;
    kit.github.checkRuns = [ciCheck('success')];
    await kit.receive('pull_request', pullRequestPayload('opened'));
    expect(stageOf()).toBe('IMPLEMENT');
    expect(sticky()).toContain('| Next | **VERIFY** · missing: the pull request marked ready for review |');
    kit.github.draft = false;
    const ready = example<Record<string, any>>('pull_request', 'ready_for_review'); // eslint-disable-line @typescript-eslint/no-explicit-any
    ready.installation = { id: 1 };
    ready.pull_request.head.sha = HEAD;
    await kit.receive('pull_request', ready, 'ready');
    expect(stageOf()).toBe('SHIP');
  });

  it('green at its first CI run: INIT until CI starts, VERIFY while it runs, SHIP once it passed', async () => {
    kit.github.checkRuns = [];
    await kit.receive('pull_request', pullRequestPayload('opened'), 'opened');
    expect(stageOf()).toBe('INIT');
    expect(gateCheck()).toMatchObject({ status: 'completed', conclusion: 'action_required' });

    const test = ciCheck(null);
    kit.github.checkRuns.push(test);
    const started = workflowRunPayload({ conclusion: 'success' });
    started.action = 'in_progress';
    started.workflow_run.status = 'in_progress';
    started.workflow_run.conclusion = null;
    await kit.receive('workflow_run', started, 'started');
    expect(stageOf()).toBe('VERIFY');
    expect(gateCheck()).toMatchObject({ status: 'in_progress' });

    Object.assign(test, { status: 'completed', conclusion: 'success' });
    await kit.receive('workflow_run', workflowRunPayload({ conclusion: 'success' }), 'completed');
    expect(stageOf()).toBe('SHIP');
    expect(gateCheck()).toMatchObject({ status: 'completed', conclusion: 'success' });
    expect(gateCheck()?.output.title).toBe('All 1 check passed');
  });

  it("another CI app's check (not GitHub Actions) moves the pull request on when it completes", async () => {
    kit.github.checkRuns = [];
    await kit.receive('pull_request', pullRequestPayload('opened'), 'opened');
    expect(stageOf()).toBe('INIT');
    kit.github.checkRuns.push({ ...ciCheck('success'), name: 'ci/circleci: build', app: 'circleci-checks' });
    const done = example<Record<string, any>>('check_run', 'completed'); // eslint-disable-line @typescript-eslint/no-explicit-any
    done.installation = { id: 1 };
    Object.assign(done.check_run, {
      name: 'ci/circleci: build',
      head_sha: HEAD,
      conclusion: 'success',
      app: { ...done.check_run.app, slug: 'circleci-checks' },
      pull_requests: [{ ...done.check_run.pull_requests?.[0], number: PR }],
    });
    await kit.receive('check_run', done, 'circleci');
    expect(stageOf()).toBe('SHIP');
    expect(gateCheck()).toMatchObject({ conclusion: 'success' });
  });

  it('BLOCKED stays BLOCKED when a gate is approved, and leaves on /close-loop resume', async () => {
    kit.github.files = [
      { filename: 'db/migrations/1.sql', sha: 'd'.repeat(40), status: 'added', additions: 1, deletions: 0 },
    ];
    kit.github.permissions.alice = 'maintain';
    kit.github.checkRuns = [ciCheck('failure')];
    kit.github.comments = [
      {
        id: 300,
        user: BOT,
        created_at: '2026-03-02T09:00:00Z',
        body: renderLoopComment({
          memory: {
            version: 1,
            head_sha: HEAD,
            task_id: 'pr-2',
            attempts: [],
            fix_commits: [],
            bot_pushes: 0,
            status: 'escalated',
          },
        }),
      },
    ];
    await kit.receive('pull_request', pullRequestPayload('opened'));
    expect(stageOf()).toBe('BLOCKED');
    kit.github.labels.push('approved:database');
    await kit.receive(
      'pull_request',
      pullRequestPayload('labeled', {
        labels: kit.github.labels,
        label: 'approved:database',
        sender: 'alice',
      }),
      'approve',
    );
    expect(stageOf()).toBe('BLOCKED');
    await kit.receive('issue_comment', commentPayload('/close-loop resume', { sender: 'alice' }), 'resume');
    expect(stageOf()).toBe('FAILED');
    expect(sticky()).toContain('Resumed: a person cleared BLOCKED');
  });

  it('a green head with acceptance criteria: the verification is posted once, and an unmet criterion holds the check in VALIDATE', async () => {
    kit.github.body =
      '## Acceptance criteria\n\n- [x] `README.md` explains the setup\n- [ ] a changelog entry\n';
    kit.github.contents = { 'README.md': '# Hello\n' };
    kit.github.checkRuns = [ciCheck('success')];
    await kit.receive('pull_request', pullRequestPayload('synchronize'));
    expect(kit.github.botComments(VERIFICATION)).toHaveLength(1);
    expect(kit.github.botComments(VERIFICATION)[0]!.body).toContain('because its head went green');
    expect(stageOf()).toBe('VALIDATE');
    expect(gateCheck()).toMatchObject({
      conclusion: 'action_required',
      output: { title: 'Acceptance criteria: 1 of 2 not met' },
    });
    await kit.receive('pull_request', pullRequestPayload('synchronize'), 'again');
    expect(kit.github.botComments(VERIFICATION)).toHaveLength(1);
  });

  it('left draft while CI runs: verified then, and verified again into the same comment once the head is green', async () => {
    kit.github.body = '## Acceptance criteria\n\n- [x] tests pass\n';
    const test = ciCheck(null);
    kit.github.checkRuns = [test];
    const ready = example<Record<string, any>>('pull_request', 'ready_for_review'); // eslint-disable-line @typescript-eslint/no-explicit-any
    ready.installation = { id: 1 };
    ready.pull_request.head.sha = HEAD;
    await kit.receive('pull_request', ready, 'ready');
    const first = kit.github.botComments(VERIFICATION);
    expect(first).toHaveLength(1);
    expect(first[0]!.body).toContain('**Verdict: Returned**');
    Object.assign(test, { status: 'completed', conclusion: 'success' });
    await kit.receive('pull_request', pullRequestPayload('synchronize'), 'green');
    const again = kit.github.botComments(VERIFICATION);
    expect(again).toHaveLength(1);
    expect(again[0]!.body).toContain('**Verdict: Complete**');
    expect(stageOf()).toBe('SHIP');
    const writes = kit.github.writes.length;
    await kit.receive('pull_request', pullRequestPayload('synchronize'), 'green-again');
    expect(kit.github.writes.slice(writes)).toEqual([]);
  });

  it('a merged pull request answers questions and refuses changes; closed unmerged gets no handoff', async () => {
    kit.github.checkRuns = [ciCheck('success')];
    await kit.receive('pull_request', pullRequestPayload('opened'));
    kit.github.permissions.dave = 'write';
    kit.github.closed = true;
    await kit.receive('pull_request', closedPayload(), 'closed');
    expect(stageOf()).toBe('ENDED');
    await kit.receive('issue_comment', commentPayload('/close-loop retry', { sender: 'dave' }), 'retry');
    expect(reply()).toContain("Refused: this pull request is closed, and the loop's work on it has ended.");
    expect(kit.github.writesTo('POST', /rerun/)).toEqual([]);
    expect(kit.github.botComments('<!-- closed-loop:handoff -->')).toEqual([]);
    expect(stageOf()).toBe('ENDED');
  });
});

describe('/close-loop fix', () => {
  it('is refused on a fork, with the reason', async () => {
    kit.github.fork = true;
    kit.github.permissions.dave = 'write';
    await kit.receive(
      'issue_comment',
      commentPayload('/close-loop fix use the v2 client', { sender: 'dave' }),
    );
    expect(reply()).toContain("Refused: this pull request's branch is on a fork");
    expect(sticky()).not.toContain('| Guidance |');
  });

  it('needs words', async () => {
    kit.github.permissions.dave = 'write';
    await kit.receive('issue_comment', commentPayload('/close-loop fix', { sender: 'dave' }));
    expect(reply()).toContain('say what the loop should know: `/close-loop fix <guidance>`');
  });
});

describe('a red run on a merge group head', () => {
  const RUN = 40000001;
  const GROUP_HEAD = '7'.repeat(40);
  const branch = `gh-readonly-queue/master/pr-2-${'9'.repeat(40)}`;
  const run = (opts: { conclusion: string; attempt?: number }) => {
    const p = workflowRunPayload({ id: RUN, head: GROUP_HEAD, pullNumbers: [], ...opts });
    p.workflow_run.head_branch = branch;
    p.workflow_run.event = 'merge_group';
    return p;
  };
  function redJob(log: string): void {
    const job = example<{ workflow_job: Record<string, unknown> }>('workflow_job', 'completed').workflow_job;
    kit.github.jobs.set(RUN, [
      {
        ...job,
        id: 601,
        name: 'build',
        run_id: RUN,
        head_sha: GROUP_HEAD,
        conclusion: 'failure',
        steps: [{ name: 'Run npm ci', conclusion: 'failure', number: 1 }],
      },
    ]);
    kit.github.jobLogs.set(601, log);
  }

  it('a transient failure is re-run once and, green on the re-run, recorded as flaky; redeliveries change nothing', async () => {
    redJob(NETWORK_LOG);
    kit.github.mergeQueue = [{ head: GROUP_HEAD, number: 2 }];
    await kit.receive('workflow_run', run({ conclusion: 'failure' }), 'red');
    expect(
      kit.github.writesTo('POST', new RegExp(`^${REPO_PATH}/actions/runs/${RUN}/rerun-failed-jobs$`)),
    ).toHaveLength(1);
    expect(gateCheck(GROUP_HEAD)).toMatchObject({ status: 'in_progress' });
    const writes = kit.github.writes.length;
    await kit.receive('workflow_run', run({ conclusion: 'failure' }), 'red');
    expect(kit.github.writes.slice(writes)).toEqual([]);

    await kit.receive('workflow_run', run({ conclusion: 'success', attempt: 2 }), 'green');
    expect(gateCheck(GROUP_HEAD)).toMatchObject({
      conclusion: 'success',
      output: { title: 'Passed on re-run: flaky: build (network-error)' },
    });
    expect(kit.github.issues).toMatchObject([{ labels: ['loop:flaky'] }]);
    expect(kit.github.issues[0]!.body).toContain('| build |');
    expect(kit.github.comments).toEqual([]); // nothing on the pull request: the queue's check says it
    const after = kit.github.writes.length;
    await kit.receive('workflow_run', run({ conclusion: 'success', attempt: 2 }), 'green');
    expect(kit.github.writes.slice(after)).toEqual([]);
  });

  it("a flaky rescue in the queue counts in the outcome history for the queue's pull request, with its tests, and in that pull request's handoff", async () => {
    // A test that timed out on the network: transient, and the log names the test.
    redJob(
      [
        '2026-11-24T16:55:02.3700000Z ##[group]Run npx vitest run',
        '2026-11-24T16:55:03.3290000Z  ❯ test/api.test.js (1 test | 1 failed) 30012ms',
        '2026-11-24T16:55:03.4660000Z      × fetches the price 30010ms',
        '2026-11-24T16:55:04.1510000Z  FAIL  test/api.test.js > api > fetches the price',
        '2026-11-24T16:55:04.2880000Z Error: connect ETIMEDOUT 140.82.112.6:443',
        '2026-11-24T16:55:07.5760000Z ##[error]Process completed with exit code 1.',
      ].join('\n'),
    );
    kit.github.mergeQueue = [{ head: GROUP_HEAD, number: 2 }];
    await kit.receive('workflow_run', run({ conclusion: 'failure' }), 'red');
    expect(kit.github.writesTo('POST', /rerun-failed-jobs$/)).toHaveLength(1);
    await kit.receive('workflow_run', run({ conclusion: 'success', attempt: 2 }), 'green');
    await kit.receive('workflow_run', run({ conclusion: 'success', attempt: 2 }), 'green-again');

    const views = outcomeViews(kit.outcomes, { min_loops: 5, threshold: 0.5 });
    expect(views.flaky).toMatchObject([
      {
        job: 'build',
        rescues: 1,
        tests: [{ name: 'test/api.test.js > api > fetches the price', times: 1 }],
        prs: [2],
      },
    ]);
    expect(
      kit.outcomes.filter((e) => e.loop === `run:${RUN}`).map((e) => `${e.kind} ${e.outcome} #${e.pr}`),
    ).toEqual(['loop rerun #2', 'loop rescued #2', 'rerun rescued #2']);

    // The queue merges the very commit it tested: the pull request's merge commit is the group's head.
    kit.github.closed = true;
    kit.github.merged = { at: '2026-03-02T10:00:00Z', by: 'carol' };
    const merged = closedPayload({ merged: kit.github.merged });
    merged.pull_request.merge_commit_sha = GROUP_HEAD;
    await kit.receive('pull_request', merged, 'merged');
    expect(kit.github.botComments('<!-- closed-loop:handoff -->')[0]?.body).toContain(
      '**Strategies that worked**: re-run of a flaky failure in the merge queue (timeout)\n',
    );
  });

  it('a deep failure fails the check on the group head with its diagnosis', async () => {
    redJob(TSC_LOG);
    await kit.receive('workflow_run', run({ conclusion: 'failure' }));
    expect(kit.github.writesTo('POST', /rerun/)).toEqual([]);
    expect(gateCheck(GROUP_HEAD)).toMatchObject({
      conclusion: 'failure',
      output: { title: 'Blocked: needs a fix: build (type-error)' },
    });
  });
});
