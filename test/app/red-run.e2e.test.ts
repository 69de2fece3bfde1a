import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOT, example, PRIVATE_KEY } from './app-kit.js';
import { deliver, handled, SECRET, startApp, stopAll, until, type StartedApp } from './app-process.js';
import { FakeGitHub } from './fake-github.js';
import { HEAD, INSTALLATION_PAYLOAD, REPO_PATH, workflowRunPayload } from './payloads.js';
import { serveGitHub, type ServedGitHub } from './serve-github.js';

// The Quality cases of a red run without the Action, each through the bundled App's real HTTP server
// (signed deliveries, the queue) against the fake GitHub on a port: one App for the file, a fresh
// GitHub for each test. Logs are real tools' output (test/fixtures/ci-logs/README.md).
const RUN = 30433642;
const LOGS = join(import.meta.dirname, '../fixtures/ci-logs');
const NETWORK_LOG = readFileSync(join(LOGS, 'npm-network-error.log'), 'utf8');
const TSC_LOG = readFileSync(join(LOGS, 'tsc-type-error.log'), 'utf8');
const RERUN = new RegExp(`^${REPO_PATH}/actions/runs/${RUN}/rerun-failed-jobs$`);
const STICKY = '<!-- closed-loop:loop-comment -->';

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

/**
 * The run's jobs as `GET …/runs/{id}/jobs` lists them: a real workflow_job example, failed at `step`, and one
 * that passed.
 */
function redRun(log: string | Uint8Array, name = 'build', step = 'Run npm ci'): void {
  const job = example<{ workflow_job: Record<string, unknown> }>('workflow_job', 'completed').workflow_job;
  const steps = (conclusion: string, stepName: string) => [
    { name: 'Run actions/checkout@v4', conclusion: 'success', number: 1 },
    { name: stepName, conclusion, number: 2 },
  ];
  github.jobs.set(RUN, [
    {
      ...job,
      id: 501,
      name,
      run_id: RUN,
      head_sha: HEAD,
      conclusion: 'failure',
      steps: steps('failure', step),
    },
    {
      ...job,
      id: 502,
      name: 'docs',
      run_id: RUN,
      head_sha: HEAD,
      conclusion: 'success',
      steps: steps('success', 'Run mkdocs'),
    },
  ]);
  github.jobLogs.set(501, log);
}

/** Delivers one signed event (under `id`, a fresh one by default) and waits until the App has handled it. */
async function send(event: string, payload: object, id = `delivery-${++sent}`): Promise<void> {
  const before = await handled(app, event);
  expect((await deliver(app.url, event, payload, { id })).status).toBe(202);
  await until(async () => (await handled(app, event)) > before, app.output, 20_000);
}

const gateCheck = () => github.checkRuns.filter((c) => c.name === 'closed-loop').at(-1);
const sticky = () => github.botComments(STICKY)[0]?.body ?? '';
const annotations = () =>
  github.writes
    .filter((w) => /\/check-runs/.test(w.path))
    .flatMap(
      (w) =>
        (w.body as { output?: { annotations?: { path: string; start_line: number; message: string }[] } })
          .output?.annotations ?? [],
    );

describe("a red workflow run without the Action, through the App's real HTTP server", () => {
  it('a network failure is re-run once; green on the re-run → "passed on re-run: flaky", in the closed-loop check, the sticky comment and the flaky record', async () => {
    redRun(NETWORK_LOG);
    await send('workflow_run', workflowRunPayload());
    expect(github.writesTo('POST', RERUN)).toHaveLength(1);
    expect(gateCheck()).toMatchObject({
      head_sha: HEAD,
      status: 'in_progress',
      output: { title: 'Re-running the failed jobs: build (network-error)' },
    });
    expect(sticky()).toMatch(
      /\| build \| Run npm ci \| `network-error` \| network \| \d+% \| `.*ECONNREFUSED.*` \|/,
    );

    await send('workflow_run', workflowRunPayload({ conclusion: 'success', attempt: 2 }));
    expect(github.writesTo('POST', RERUN)).toHaveLength(1);
    expect(github.checkRuns.map((c) => c.name)).toEqual(['closed-loop']); // one check, one comment: nothing beside them
    expect(github.comments).toHaveLength(1);
    expect(gateCheck()).toMatchObject({
      conclusion: 'success',
      output: { title: 'Passed on re-run: flaky: build (network-error)' },
    });
    expect(sticky()).toContain('passed on re-run: flaky');
    expect(github.issues).toMatchObject([{ labels: ['loop:flaky'], user: BOT }]);
    expect(github.issues[0]?.body).toMatch(
      /\| build \| – \| 1 \| \[#2\]\(https:\/\/github\.com\/Codertocat\/Hello-World\/pull\/2\) \|/,
    );
    expect(github.issues[0]?.body).toContain('| `network-error` | 1 | 1 | 100% | yes |');
  }, 60_000);

  it('the same failure twice: re-run once, then stopped and reported as not transient', async () => {
    redRun(NETWORK_LOG);
    await send('workflow_run', workflowRunPayload());
    await send('workflow_run', workflowRunPayload({ attempt: 2 }));
    expect(github.writesTo('POST', RERUN)).toHaveLength(1);
    expect(gateCheck()).toMatchObject({
      conclusion: 'failure',
      output: { title: 'Not transient: not re-run again: build (network-error)' },
    });
    expect(sticky()).toContain('the same error came back after a re-run (build: network-error)');
  }, 60_000);

  it('a type error: the diagnosis with file:line annotations on the closed-loop check, the blocked report once, no re-run', async () => {
    redRun(TSC_LOG, 'typecheck', 'Run npx tsc --noEmit');
    await send('workflow_run', workflowRunPayload());
    expect(github.writesTo('POST', RERUN)).toEqual([]);
    expect(gateCheck()).toMatchObject({
      conclusion: 'failure',
      output: { title: 'Blocked: needs a fix: typecheck (type-error)' },
    });
    expect(annotations().map((a) => `${a.path}:${a.start_line}`)).toEqual(['src.ts:2', 'src.ts:4']);
    expect(gateCheck()?.output.text).toContain('step `Run npx tsc --noEmit`');
    expect(sticky()).toContain('| typecheck | Run npx tsc --noEmit | `type-error` | type |');
    expect(github.botComments('<!-- closed-loop:report -->')).toHaveLength(1);
    expect(github.labels).toEqual(['loop:blocked']);
  }, 60_000);

  it('a log that is not text (a zip) is refused before the analyzer, and the PR says so', async () => {
    redRun(zipSync({ 'build/2_Run npm ci.txt': strToU8(NETWORK_LOG) }));
    await send('workflow_run', workflowRunPayload());
    expect(github.writesTo('POST', RERUN)).toEqual([]);
    expect(sticky()).toContain('the log of job 501 is a zip archive');
    expect(app.output()).toMatch(/"level":40,.*job 501 \(build\): the log of job 501 is a zip archive/);
  }, 60_000);

  it('a run for a head the pull request has moved past writes nothing', async () => {
    redRun(NETWORK_LOG);
    github.headSha = 'e'.repeat(40);
    await send('workflow_run', workflowRunPayload());
    expect(github.writes).toEqual([]);
    expect(app.output()).toContain(
      `run ${RUN} is for ec26c3e, but the pull request is at eeeeeee; nothing shown`,
    );
  }, 60_000);

  it('the same delivery twice: the second reads, writes nothing', async () => {
    redRun(TSC_LOG, 'typecheck', 'Run npx tsc --noEmit');
    await send('workflow_run', workflowRunPayload(), 'same-delivery');
    const writes = github.writes.length;
    await send('workflow_run', workflowRunPayload(), 'same-delivery');
    expect(github.writes).toHaveLength(writes);
    expect(app.output()).toContain(`run ${RUN} attempt 1 is already reported; nothing new`);
  }, 60_000);

  it("check_run.completed is not diagnosed: a failed GitHub Actions job waits for its workflow_run, another CI app's failure is logged once and moves the closed-loop check", async () => {
    const actions = {
      ...example<Record<string, unknown>>('check_run', 'completed'),
      installation: INSTALLATION_PAYLOAD,
    };
    await send('check_run', actions);
    expect(github.writes).toEqual([]);
    expect(github.reads.filter((path) => path !== '/app')).toEqual([]); // only who the App is
    // DERIVED: the same failed check from another CI app.
    const other = structuredClone(actions) as unknown as { check_run: { app: { slug: string } } };
    other.check_run.app.slug = 'circleci-checks';
    await send('check_run', other);
    // Not diagnosed (no job, log or re-run), but its pull request's check and comment are shown again.
    expect(github.reads.filter((path) => /\/actions\//.test(path))).toEqual([]);
    expect([...new Set(github.writes.map((w) => `${w.method} ${w.path}`))].sort()).toEqual([
      'POST /repos/Codertocat/Hello-World/check-runs',
      'POST /repos/Codertocat/Hello-World/issues/2/comments',
    ]);
    // The App's stdout reaches this process through a pipe, a moment after its metrics say "handled"; the
    // first delivery's line, had there been one, comes through the same pipe before the second's.
    const notDiagnosed = () =>
      app
        .output()
        .split('\n')
        .filter((l) => l.includes('not diagnosed: the App reads logs of GitHub Actions runs only'));
    await until(() => notDiagnosed().some((l) => l.includes('circleci-checks')), app.output, 10_000);
    const lines = notDiagnosed();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('check \\"Octocoders-linter\\" of circleci-checks on ec26c3e failure');
  }, 60_000);
});
