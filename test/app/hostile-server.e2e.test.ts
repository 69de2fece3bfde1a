import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { example, PRIVATE_KEY } from './app-kit.js';
import { HEAD, pullRequestPayload, workflowRunPayload } from './payloads.js';
import {
  deliver,
  handled,
  running,
  SECRET,
  startApp,
  stopAll,
  until,
  type StartedApp,
} from './app-process.js';
import { FakeGitHub } from './fake-github.js';
import { serveGitHub } from './serve-github.js';
import { fixRepos } from '../github/fix-patch-kit.js';
import { git, writeFiles } from '../helpers/temp-repo.js';
import { leaks, SECRET_LOG } from '../helpers/secret-log.js';

afterEach(stopAll);
const makeFix = fixRepos();

/** The App against a fake GitHub on a port, as deployed (GHE_HOST points it there). */
async function appFor(github: FakeGitHub): Promise<StartedApp> {
  const api = await serveGitHub(github);
  running.push(api.server);
  return startApp({ ...APP_ENV, GHE_HOST: `127.0.0.1:${api.port}`, GHE_PROTOCOL: 'http' });
}

const APP_ENV = { APP_ID: '4242', PRIVATE_KEY, WEBHOOK_SECRET: SECRET };
const MB = 1024 * 1024;

/** The App's peak resident memory so far (VmHWM), in MB. */
const peakMb = (app: StartedApp): number =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${app.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/**
 * POSTs `bytes` of body in 1 MB chunks as fast as the App takes them, with the given headers; resolves
 * with the status the App answered (or the error that ended the upload before any answer).
 */
function upload(url: string, bytes: number, headers: Record<string, string>): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    const chunk = Buffer.alloc(MB, 'x');
    let sent = 0;
    const pump = (): void => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

const headersOf = (event: string, signature?: string): Record<string, string> => ({
  'content-type': 'application/json',
  'x-github-event': event,
  'x-github-delivery': 'aaaaaaaa-0000-0000-0000-000000000001',
  ...(signature === undefined ? {} : { 'x-hub-signature-256': signature }),
});

const warnings = (app: StartedApp): string[] =>
  app
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { level: number; msg: string; err?: unknown })
    .filter((l) => l.level >= 40)
    .map((l) => l.msg);

describe('the App under hostile deliveries (its real server, dist/app.js)', () => {
  it('forty 24 MB unsigned bodies and ten with a made-up signature: refused while streaming, memory stays bounded, /healthz answers', async () => {
    const app = await startApp(APP_ENV);
    const before = peakMb(app);
    const unsigned = Array.from({ length: 40 }, (_, i) =>
      upload(app.url, 24 * MB, {
        ...headersOf('pull_request'),
        // Half declare their length (refused before a byte is read), half are chunked (refused past 64 KB).
        ...(i % 2 === 0 ? { 'content-length': String(24 * MB) } : {}),
      }),
    );
    const health = fetch(`${app.base}/healthz`, { signal: AbortSignal.timeout(5000) });
    const unsignedStatuses = await Promise.all(unsigned);
    expect((await health).status).toBe(200);
    expect(unsignedStatuses.filter((s) => s === 400).length, unsignedStatuses.join(',')).toBeGreaterThan(0);
    expect(unsignedStatuses.every((s) => s === 400 || typeof s === 'string')).toBe(true);

    const forged = `sha256=${'ab'.repeat(32)}`;
    const signed = await Promise.all(
      Array.from({ length: 10 }, () => upload(app.url, 24 * MB, headersOf('pull_request', forged))),
    );
    // Those within the 100 MB budget for unverified bodies are read whole and fail their signature; the
    // rest are told to come back (503).
    expect(signed.filter((s) => s === 400).length).toBeGreaterThan(0);
    expect(signed.every((s) => s === 400 || s === 503 || typeof s === 'string')).toBe(true);
    expect((await fetch(`${app.base}/healthz`)).status).toBe(200);
    // 40 × 24 MB unsigned would be 960 MB held; the budget keeps the signed ones to about 100 MB.
    expect(peakMb(app) - before).toBeLessThan(220);
    expect(warnings(app).filter((m) => !m.startsWith('webhook delivery refused ('))).toEqual([]);
    expect(app.output()).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('signed payloads that are no delivery (null, event __proto__ or constructor, a pull_request without one, not JSON, a push or merge_group without what the App reads): 400 and one log line each, no stack trace', async () => {
    const app = await startApp(APP_ENV);
    const sign = (body: string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
    const post = (event: string, body: string) =>
      fetch(app.url, { method: 'POST', body, headers: headersOf(event, sign(body)) });
    const answers = [
      await post('pull_request', 'null'),
      await post('__proto__', '{}'),
      await post('constructor', '{"action":"opened"}'),
      await post('pull_request', '{"action":"opened","pull_request":null}'),
      await post('issue_comment', '[]'),
      await post('pull_request', 'not json, SECRET-ISH'),
      await post('pull_request', '{"a":'),
      await post('push', JSON.stringify({ ...example('push', undefined as never), repository: undefined })),
      await post(
        'merge_group',
        JSON.stringify({ ...example('merge_group', 'checks_requested'), merge_group: undefined }),
      ),
    ];
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 400]);
    expect(await answers[0]!.text()).toBe('the payload is null, not a JSON object\n');
    expect(await answers[5]!.text()).toBe('the payload is not JSON\n');
    await until(() => warnings(app).length >= 9, app.output);
    expect(warnings(app)).toEqual([
      'signed delivery aaaaaaaa-0000-0000-0000-000000000001 refused (400): the payload is null, not a JSON object; nothing was done',
      'signed delivery aaaaaaaa-0000-0000-0000-000000000001 refused (400): the event name "__proto__" is not a GitHub event; nothing was done',
      'signed delivery aaaaaaaa-0000-0000-0000-000000000001 refused (400): the event name "constructor" is not a GitHub event; nothing was done',
      expect.stringMatching(
        /refused \(400\): the pull_request payload lacks what the App reads: repository: /,
      ),
      'signed delivery aaaaaaaa-0000-0000-0000-000000000001 refused (400): the payload is an array, not a JSON object; nothing was done',
      'signed delivery aaaaaaaa-0000-0000-0000-000000000001 refused (400): the payload is not JSON (20 bytes); nothing was done',
      'signed delivery aaaaaaaa-0000-0000-0000-000000000001 refused (400): the payload is not JSON (5 bytes); nothing was done',
      expect.stringMatching(/refused \(400\): the push payload lacks what the App reads: repository: /),
      expect.stringMatching(
        /refused \(400\): the merge_group payload lacks what the App reads: merge_group: /,
      ),
    ]);
    expect(app.output()).not.toContain('please report it');
    expect(app.output()).not.toMatch(/"stack"|\n\s+at /);
    expect(app.output()).not.toContain('SECRET-ISH');
  }, 30_000);

  it('with REDIS_URL set and Redis down: one warn line at start, a delivery gets 503 well within the 10 s GitHub waits and is counted, /healthz and /metrics answer, SIGTERM ends it within the grace period', async () => {
    // A port nothing listens on: Redis is down.
    const app = await startApp({
      ...APP_ENV,
      REDIS_URL: 'redis://default:redis-pass-K3y@127.0.0.1:1/0',
      CLOSED_LOOP_SHUTDOWN_MS: '3000',
    });
    await until(() => warnings(app).some((w) => w.startsWith('REDIS_URL')), app.output);
    expect(warnings(app)).toEqual([
      expect.stringMatching(
        /^REDIS_URL \(redis:\/\/127\.0\.0\.1:1\/0\) cannot be reached \(.+\): deliveries get 503 until it can/,
      ),
    ]);
    const started = Date.now();
    const response = await deliver(app.url, 'pull_request', pullRequestPayload('opened'));
    expect(response.status).toBe(503);
    // GitHub gives up on a delivery after 10 s. The App waits up to 2 s for Redis to come back (riding out
    // a blip) and then answers 503; the bound leaves room for a loaded machine (3.5 s seen under load), and
    // still fails if the delivery waited in ioredis's offline queue for Redis.
    expect(Date.now() - started).toBeLessThan(6000);
    expect((await fetch(`${app.base}/healthz`, { signal: AbortSignal.timeout(2000) })).status).toBe(200);
    const metrics = await fetch(`${app.base}/metrics`, { signal: AbortSignal.timeout(3000) });
    const figures = await metrics.text();
    expect(figures).toContain('closed_loop_queue_depth -1');
    expect(figures).toContain('closed_loop_deliveries_total{event="pull_request",outcome="unavailable"} 1');
    await until(() => app.output().includes('could not be recorded'), app.output);
    expect(app.output()).not.toContain('redis-pass-K3y');

    const stopping = Date.now();
    const exited = new Promise<number | null>((resolve) => app.child.once('exit', resolve));
    app.child.kill('SIGTERM');
    expect(await exited).toBe(0); // a clean stop, not the forced one at the end of the grace period
    expect(Date.now() - stopping).toBeLessThan(3000);
  }, 30_000);

  it('a red run whose job log is full of secrets: the sticky comment, the check run and its annotations hold none', async () => {
    const github = new FakeGitHub();
    const job = example<{ workflow_job: Record<string, unknown> }>('workflow_job', 'completed').workflow_job;
    const steps = [
      { name: 'Run actions/checkout@v4', conclusion: 'success', number: 1 },
      { name: 'Run ./deploy.sh', conclusion: 'failure', number: 2 },
    ];
    github.jobs.set(30433642, [
      { ...job, id: 501, name: 'deploy', run_id: 30433642, head_sha: HEAD, conclusion: 'failure', steps },
    ]);
    github.jobLogs.set(501, SECRET_LOG);
    const app = await appFor(github);
    expect((await deliver(app.url, 'workflow_run', workflowRunPayload())).status).toBe(202);
    await until(async () => (await handled(app, 'workflow_run')) > 0, app.output, 20_000);
    const written = JSON.stringify(github.writes.map((w) => w.body));
    expect(written).toContain('src/a.ts'); // the diagnosis reached the PR
    expect(
      leaks([
        { where: 'writes to GitHub', text: written },
        { where: 'log', text: app.output() },
      ]),
    ).toEqual([]);
  }, 60_000);

  it('a fix.patch mail that hides a workflow diff in its message: nothing is committed, and the PR says why', async () => {
    const fix = await makeFix();
    git(fix.dir, 'checkout', '-q', fix.start);
    writeFiles(fix.dir, { 'src/cart.js': 'let total = 0;\n' });
    const workflow = [
      'diff --git a/.github/workflows/x.yml b/.github/workflows/x.yml',
      'new file mode 100644',
      '--- /dev/null',
      '+++ b/.github/workflows/x.yml',
      '@@ -0,0 +1 @@',
      '+on: push',
    ].join('\n');
    git(fix.dir, 'commit', '-qam', `fix: cart\n\n${workflow}\n\nClosed-Loop-Strategy: auto_fix`);
    const patch = `${git(fix.dir, 'format-patch', '--stdout', `${fix.start}..HEAD`)}\n`;
    const github = new FakeGitHub();
    Object.assign(github, { git: fix.dir, headSha: fix.start, branchHead: fix.start });
    github.artifacts.set(
      30433642,
      zipSync({ 'result.json': strToU8(fix.resultJson), 'fix.patch': strToU8(patch) }),
    );
    const app = await appFor(github);
    const delivered = await deliver(
      app.url,
      'workflow_run',
      workflowRunPayload({ head: fix.start, conclusion: 'success' }),
    );
    expect(delivered.status).toBe(202);
    await until(async () => (await handled(app, 'workflow_run')) > 0, app.output, 20_000);
    expect(github.branchHead).toBe(fix.start);
    expect(github.writesTo('POST', /\/git\//)).toEqual([]);
    const notice = github.botComments('<!-- closed-loop:fix -->')[0]?.body ?? '';
    expect(notice).toContain('closed-loop did not commit the fix');
    expect(notice).toContain('git would apply what follows it');
  }, 60_000);
});
