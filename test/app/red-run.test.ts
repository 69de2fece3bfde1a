import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDeadLetter } from '../../src/core/dead-letter/build-dead-letter.js';
import { renderDeadLetter } from '../../src/core/dead-letter/render-dead-letter.js';
import { renderReportComment } from '../../src/core/pull-request/report-comment.js';
import { aDiagnosis, anAttempt, anInput } from '../core/dead-letter/builders.js';
import { BOT, example, useApp } from './app-kit.js';
import { commentPayload, HEAD, OWNER, REPO, REPO_PATH, workflowRunPayload } from './payloads.js';

const kit = useApp();
const RUN = 30433642;
const LOGS = join(import.meta.dirname, '../fixtures/ci-logs');
const TSC_LOG = readFileSync(join(LOGS, 'tsc-type-error.log'), 'utf8');
const ESLINT_LOG = readFileSync(join(LOGS, 'eslint-lint-error.log'), 'utf8');
const TSC_60_LOG = readFileSync(join(LOGS, 'tsc-60-type-errors.log'), 'utf8');
const VITEST_LOG = readFileSync(join(LOGS, 'vitest-test-failure.log'), 'utf8');
const STICKY = '<!-- closed-loop:loop-comment -->';
const REPORT = '<!-- closed-loop:report -->';
const RERUN = new RegExp(`^${REPO_PATH}/actions/runs/${RUN}/rerun-failed-jobs$`);

/** A job of the run as `GET …/runs/{id}/jobs` lists it: a real workflow_job example, failed at `step`. */
function failedJob(id: number, name: string, step: string): Record<string, unknown> {
  const job = example<{ workflow_job: Record<string, unknown> }>('workflow_job', 'completed').workflow_job;
  return {
    ...job,
    id,
    name,
    run_id: RUN,
    head_sha: HEAD,
    conclusion: 'failure',
    steps: [
      { name: 'Run actions/checkout@v4', conclusion: 'success', number: 1 },
      { name: step, conclusion: 'failure', number: 2 },
    ],
  };
}

function redRun(
  log: string | Uint8Array | (() => NodeJS.ReadableStream),
  name = 'build',
  step = 'Run npm ci',
  run = RUN,
): void {
  kit.github.jobs.set(run, [
    failedJob(501, name, step),
    { ...failedJob(502, 'docs', 'Run mkdocs'), conclusion: 'success' },
  ]);
  kit.github.jobLogs.set(501, log);
}

const sticky = () => kit.github.botComments(STICKY);
const report = () => kit.github.botComments(REPORT);
/** The newest `closed-loop` check run on the head: the one check the App writes. */
const gateCheck = () => kit.github.checkRuns.filter((c) => c.name === 'closed-loop').at(-1);
const checkPosts = () => kit.github.writes.filter((w) => /\/check-runs/.test(w.path));
const annotationsSent = () =>
  checkPosts().flatMap(
    (w) =>
      (w.body as { output?: { annotations?: { path: string; start_line: number; message: string }[] } })
        .output?.annotations ?? [],
  );

// The Quality cases (network → flaky, the same failure twice, a type error, a log not text, a moved head,
// the same delivery twice) run through the App's real HTTP server: red-run.e2e.test.ts. These are the rest.
describe('a red workflow run without the Action', () => {
  it('a lint error (a real eslint log): the fix the Action would make and the workflow step to add it, no re-run', async () => {
    redRun(ESLINT_LOG, 'lint', 'Run npx eslint .');
    await kit.receive('workflow_run', workflowRunPayload());

    expect(kit.github.writesTo('POST', RERUN)).toEqual([]);
    expect(gateCheck()?.output.title).toBe('Mechanical failure: lint (lint-error)');
    expect(annotationsSent().map((a) => `${a.path}:${a.start_line}`)).toEqual(['index.js:1', 'index.js:2']);
    const body = sticky()[0]?.body ?? '';
    expect(body).toContain('- uses: closed-loop/closed-loop@v1');
    expect(body).toContain('push: never');
    expect(body).toContain('| lint | Run npx eslint . | `lint-error` | lint |');
  });

  it('60 located type errors (a real tsc log): annotations 50 a request, all 60 sent', async () => {
    redRun(TSC_60_LOG, 'typecheck', 'Run npx tsc --noEmit');
    await kit.receive('workflow_run', workflowRunPayload());

    const sizes = checkPosts().map(
      (w) => (w.body as { output?: { annotations?: unknown[] } }).output?.annotations?.length ?? 0,
    );
    expect(sizes).toEqual([50, 10]);
    expect(new Set(annotationsSent().map((a) => a.start_line)).size).toBe(60);

    // A person re-runs it and it fails the same way: a new closed-loop check carries that attempt's
    // annotations, none piled on the first's.
    await kit.receive('workflow_run', workflowRunPayload({ attempt: 2 }), 'd-2');
    const runs = kit.github.checkRuns.filter((c) => c.name === 'closed-loop');
    expect(runs).toHaveLength(2);
    expect(checkPosts().filter((w) => w.method === 'POST')).toHaveLength(2);
    expect(runs.at(-1)?.output.title).toBe('Blocked: needs a fix: typecheck (type-error)');
  });

  it('a failed test (a real vitest log) that a person re-ran green is flaky with its test named; the next run failing there is re-run', async () => {
    redRun(VITEST_LOG, 'test', 'Run npx vitest run');
    await kit.receive('workflow_run', workflowRunPayload(), 'd-1');
    expect(kit.github.writesTo('POST', RERUN)).toEqual([]); // a test failure, not known flaky yet
    await kit.receive('workflow_run', workflowRunPayload({ conclusion: 'success', attempt: 2 }), 'd-2');

    expect(sticky()[0]?.body).toContain('passed on re-run: flaky');
    expect(sticky()[0]?.body).toContain('`cart.test.ts › cart › adds up the total`');
    expect(kit.github.issues[0]?.body).toContain('| test | `cart.test.ts › cart › adds up the total` | 1 |');
    expect(kit.github.issues[0]?.body).toContain('No re-runs yet.'); // a person's re-run rescues no pattern's record

    redRun(VITEST_LOG, 'test', 'Run npx vitest run', RUN + 1);
    await kit.receive('workflow_run', workflowRunPayload({ id: RUN + 1 }), 'd-3');
    expect(
      kit.github.writesTo('POST', new RegExp(`/actions/runs/${RUN + 1}/rerun-failed-jobs$`)),
    ).toHaveLength(1);
  });

  it("the App's re-run of a transient failure: the check is in progress though GitHub still lists the failed job's check", async () => {
    redRun(readFileSync(join(LOGS, 'npm-network-error.log'), 'utf8'));
    // As GitHub lists the head's checks until the re-run's jobs are queued: the failed attempt's.
    kit.github.checkRuns.push({
      id: 4242,
      name: 'build',
      head_sha: HEAD,
      status: 'completed',
      conclusion: 'failure',
      output: { title: null, summary: null, text: null },
      app: 'github-actions',
    });
    await kit.receive('workflow_run', workflowRunPayload(), 'd-1');
    expect(kit.github.writesTo('POST', RERUN)).toHaveLength(1);
    expect(gateCheck()).toMatchObject({ status: 'in_progress', conclusion: null });
    expect(sticky()[0]?.body).toMatch(/\| Stage \| \*\*VERIFY\*\*/);
  });

  it('a deep failure the App blocked: `/close-loop resume` clears it as the blocked report says; status describes the block; a new deep failure blocks again', async () => {
    redRun(TSC_LOG, 'typecheck', 'Run npx tsc --noEmit');
    kit.github.checkRuns.push({
      id: 700,
      name: 'typecheck',
      head_sha: HEAD,
      status: 'completed',
      conclusion: 'failure',
      output: { title: null, summary: null, text: null },
      app: 'github-actions',
    });
    await kit.receive('workflow_run', workflowRunPayload(), 'd-red');
    expect(kit.github.labels).toContain('loop:blocked');
    expect(report()[0]?.body).toContain('`/close-loop resume` after a person fixed it');
    const stage = () => /\| Stage \| \*\*([A-Z]+)\*\* · ([^|]*)\|/.exec(sticky()[0]?.body ?? '')?.slice(1);
    expect(stage()).toEqual(['BLOCKED', 'Blocked: needs a fix: typecheck (type-error) ']);

    kit.github.permissions.bob = 'read';
    kit.github.permissions.dave = 'write';
    const replyTo = (id: number) =>
      kit.github.botComments('<!-- closed-loop:reply -->').find((c) => c.body.includes(`comment-${id}`))
        ?.body ?? '';
    await kit.receive(
      'issue_comment',
      commentPayload('/close-loop status', { sender: 'bob', id: 801 }),
      'd-s1',
    );
    expect(replyTo(801)).toContain(
      `(loop: blocked by red run ${RUN} (attempt 1): Blocked: needs a fix: typecheck (type-error); a person fixes it, then comments \`/close-loop resume\`)`,
    );

    await kit.receive(
      'issue_comment',
      commentPayload('/close-loop resume', { sender: 'dave', id: 802 }),
      'd-r',
    );
    expect(replyTo(802)).toContain('Resumed by @dave: `loop:blocked` is cleared.');
    expect(kit.github.labels).not.toContain('loop:blocked');
    expect(stage()?.[0]).toBe('FAILED');
    expect(sticky()[0]?.body).toContain('Resumed: a person cleared BLOCKED');
    expect(gateCheck()?.output.title).toContain('Needs a fix (resumed by @dave): typecheck (type-error)');

    await kit.receive(
      'issue_comment',
      commentPayload('/close-loop status', { sender: 'bob', id: 803 }),
      'd-s2',
    );
    expect(replyTo(803)).toContain(`(loop: resumed by @dave after red run ${RUN} (attempt 1):`);
    await kit.receive(
      'issue_comment',
      commentPayload('/close-loop resume', { sender: 'dave', id: 804 }),
      'd-r2',
    );
    expect(replyTo(804)).toContain('Nothing to resume: the loop is not blocked (resumed by @dave');
    expect(kit.github.labels).not.toContain('loop:blocked');

    // A person re-runs it and it fails the same way: a new CI result, blocked again.
    await kit.receive('workflow_run', workflowRunPayload({ attempt: 2 }), 'd-red-2');
    expect(kit.github.labels).toContain('loop:blocked');
    expect(stage()?.[0]).toBe('BLOCKED');
  });

  it('a deep failure gets smart suggestions from a similar dead letter reported earlier on another PR', async () => {
    const earlier = renderDeadLetter(
      buildDeadLetter(
        anInput({
          taskId: 'pr-7-task',
          finalDiagnosis: aDiagnosis({ signature: 'type-error:ts:0badc0de' }),
          attempts: [
            anAttempt({
              attempt: 1,
              error: "src/cart.ts(9,3): error TS2322: Type 'string' is not assignable to type 'number'.",
            }),
          ],
        }),
      ),
    );
    kit.github.deadLetterIssues = [
      {
        number: 7,
        comments: [
          {
            id: 72,
            user: BOT,
            created_at: '2026-03-01T09:00:00Z',
            body: `<!-- closed-loop:report -->\n${renderReportComment(earlier)}`,
          },
        ],
      },
    ];
    redRun(TSC_LOG, 'typecheck', 'Run npx tsc --noEmit');
    await kit.receive('workflow_run', workflowRunPayload());

    const body = report()[0]?.body ?? '';
    expect(body).toContain('## Smart Suggestions');
    expect(body).toContain('pr-7-task');
  });

  it('a type error (a real tsc log): the check run and the sticky comment open with what failed, linked at the head', async () => {
    redRun(TSC_LOG, 'typecheck', 'Run npx tsc --noEmit');
    await kit.receive('workflow_run', workflowRunPayload(), 'd-1');

    const blob = `https://github.com/${OWNER}/${REPO}/blob/${HEAD}/src.ts`;
    const lead = [
      '### ❌ What failed: check `typecheck`, tsc (TypeScript)',
      '',
      `- [\`src.ts:2\`](${blob}#L2) — src.ts(2,3): error TS2322: Type 'string' is not assignable to type 'number'.`,
      `- [\`src.ts:4\`](${blob}#L4) — src.ts(4,14): error TS2322: Type 'number' is not assignable to type 'string'.`,
    ].join('\n');
    expect(gateCheck()?.output.summary?.startsWith(lead)).toBe(true);
    // What is missing points up at the lead rather than saying again that the diagnosis follows.
    expect(gateCheck()?.output.summary).toContain('- a workflow run failed: what failed is at the top');
    expect(gateCheck()?.output.summary).not.toContain('its diagnosis is below');
    const body = sticky()[0]?.body ?? '';
    const afterHeading = body.split('\n').slice(2).join('\n');
    expect(body.split('\n')[1]).toMatch(/^### closed-loop · /);
    expect(afterHeading.startsWith(`\n${lead}`)).toBe(true);

    // A later red run on the same head (a person's re-run failing the same way) still opens with it.
    await kit.receive('workflow_run', workflowRunPayload({ attempt: 2 }), 'd-2');
    expect(gateCheck()?.output.summary?.startsWith(lead)).toBe(true);
    expect(sticky()[0]?.body).toContain(lead);
  });

  it('on GitHub Enterprise Server (a GHES-shaped payload): the check run and the sticky comment link the blob on that server', async () => {
    redRun(TSC_LOG, 'typecheck', 'Run npx tsc --noEmit');
    // Every web address of the delivery on the server's host, as GHES sends them; its API stays the App's.
    const ghes = JSON.parse(
      JSON.stringify(workflowRunPayload()).replaceAll('https://github.com/', 'https://ghe.example.com/'),
    ) as ReturnType<typeof workflowRunPayload>;
    await kit.receive('workflow_run', ghes);

    const blob = `https://ghe.example.com/${OWNER}/${REPO}/blob/${HEAD}/src.ts`;
    const place = `- [\`src.ts:2\`](${blob}#L2) — src.ts(2,3): error TS2322`;
    expect(gateCheck()?.output.summary).toContain(place);
    expect(sticky()[0]?.body).toContain(place);
    expect(`${gateCheck()?.output.summary}${sticky()[0]?.body}`).not.toContain('https://github.com/');
  });

  it('a re-run the App made that is cancelled: the closed-loop check stops waiting and says so; not re-run again', async () => {
    redRun(readFileSync(join(LOGS, 'npm-network-error.log'), 'utf8'));
    await kit.receive('workflow_run', workflowRunPayload(), 'd-1');
    expect(gateCheck()?.status).toBe('in_progress');
    await kit.receive('workflow_run', workflowRunPayload({ conclusion: 'cancelled', attempt: 2 }), 'd-2');
    expect(kit.github.writesTo('POST', RERUN)).toHaveLength(1);
    expect(gateCheck()).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      output: { title: 'Looks transient: not re-run: build (network-error)' },
    });
    expect(sticky()[0]?.body).toContain('the re-run (attempt 2) was cancelled');
  });
});
