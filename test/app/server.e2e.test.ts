import { spawn } from 'node:child_process';
import { createPublicKey, createVerify } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { BOT, PRIVATE_KEY } from './app-kit.js';
import { FakeGitHub } from './fake-github.js';
import { commentPayload, HEAD, pullRequestPayload, workflowRunPayload } from './payloads.js';
import { strToU8, zipSync } from 'fflate';
import { BASE_FILES, fixRepos } from '../github/fix-patch-kit.js';
import { git } from '../helpers/temp-repo.js';
import { example } from './app-kit.js';
import { serveGitHub } from './serve-github.js';
import { startRedis } from '../helpers/redis-server.js';
import { APP, deliver, handled, running, SECRET, startApp, stopAll, until } from './app-process.js';

const makeFix = fixRepos();
afterEach(stopAll);

/** Whether a `Bearer` JWT was signed by the App's private key (RS256), and for the App's id. */
function signedByTheApp(auth: string | undefined): boolean {
  const [header = '', claims = '', signature = ''] = (auth ?? '').replace(/^bearer /i, '').split('.');
  const verifier = createVerify('RSA-SHA256').update(`${header}.${claims}`);
  const ok = verifier.verify(createPublicKey(PRIVATE_KEY), Buffer.from(signature, 'base64url'));
  return (
    ok && (JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { iss: unknown }).iss === 4242
  );
}

describe('the bundled App behind its real HTTP server (npm start)', () => {
  it('a signed pull_request.opened: the App authenticates as itself, then shows the gates on the PR with the installation token', async () => {
    const github = new FakeGitHub();
    github.files = [
      {
        filename: 'db/migrations/004_add_orders.sql',
        sha: 'd'.repeat(40),
        status: 'added',
        additions: 12,
        deletions: 0,
      },
    ];
    const api = await serveGitHub(github);
    running.push(api.server);
    const app = await startApp({
      APP_ID: '4242',
      PRIVATE_KEY,
      WEBHOOK_SECRET: SECRET,
      GHE_HOST: `127.0.0.1:${api.port}`,
      GHE_PROTOCOL: 'http',
    });

    const response = await deliver(app.url, 'pull_request', pullRequestPayload('opened'));

    expect(response.status, app.output()).toBe(202); // recorded, worked from the queue
    await until(() => github.comments.length === 1, app.output);
    const [app1, token, ...rest] = api.received;
    expect(`${app1?.method} ${app1?.path}`).toBe('GET /app'); // its own login, to know its comments
    expect(`${token?.method} ${token?.path}`).toBe('POST /app/installations/1/access_tokens');
    expect(signedByTheApp(token?.auth)).toBe(true);
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((r) => r.auth === 'token ghs_installation')).toBe(true);
    expect(github.labels).toEqual(['needs:database-review']);
    expect(github.checkRuns.map((c) => [c.name, c.conclusion, c.output.title])).toEqual([
      // No CI has reported on the head yet: the check waits for it, and for the approval.
      [
        'closed-loop',
        'action_required',
        'Waiting for CI: no check has reported on this head yet; waiting for approval: database',
      ],
    ]);
    expect(github.comments.map((c) => c.user)).toEqual([BOT]);
    expect(github.comments[0]?.body).toContain('| Gates | database: needed |');
  });

  it('a delivery with a bad signature gets 400 and nothing reaches GitHub', async () => {
    const github = new FakeGitHub();
    const api = await serveGitHub(github);
    running.push(api.server);
    const app = await startApp({
      APP_ID: '4242',
      PRIVATE_KEY,
      WEBHOOK_SECRET: SECRET,
      GHE_HOST: `127.0.0.1:${api.port}`,
      GHE_PROTOCOL: 'http',
    });

    const response = await deliver(app.url, 'pull_request', pullRequestPayload('opened'), {
      secret: 'not-the-secret',
    });

    expect(response.status).toBe(400);
    expect(await response.text()).toContain('signature does not match');
    expect(api.received).toEqual([]);
    expect(github.writes).toEqual([]);
    // One short line, not Probot's two stack traces with the whole body: a stranger cannot fill the log.
    await until(() => app.output().includes('webhook delivery refused'), app.output);
    const logged = app
      .output()
      .split('\n')
      .filter((l) => l.includes('"level":40') || l.includes('"level":50'));
    expect(logged.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual([
      "webhook delivery refused (400): its signature does not match WEBHOOK_SECRET; if GitHub sent it, the secret on the App's settings page differs",
    ]);
    expect(app.output()).not.toContain('Hello-World'); // nothing of the body
  });

  it("GitHub refusing the App's credentials (a wrong APP_ID or key): one log line saying what to check, no stack, the server stays up", async () => {
    const github = new FakeGitHub();
    github.failures.set('GET /app', { status: 401, message: 'A JSON web token could not be decoded' });
    const api = await serveGitHub(github);
    running.push(api.server);
    const app = await startApp({
      APP_ID: '4242',
      PRIVATE_KEY,
      WEBHOOK_SECRET: SECRET,
      GHE_HOST: `127.0.0.1:${api.port}`,
      GHE_PROTOCOL: 'http',
    });

    const response = await deliver(app.url, 'pull_request', pullRequestPayload('opened'));

    expect(response.status).toBe(202);
    await until(() => app.output().includes('refused the App'), app.output); // the log is written after the response
    const lines = app
      .output()
      .split('\n')
      .filter((l) => l.includes('"msg"') && !l.includes('Listening on') && !l.includes('queued for'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      level: 50,
      msg: expect.stringMatching(
        /^pull_request\.opened \(delivery [\w-]+\): GitHub refused the App's credentials \(401: A JSON web token could not be decoded.*\): check that APP_ID and the private key/,
      ),
    });
    expect(app.output()).not.toContain('"payload"');
    expect(github.writes).toEqual([]);
    expect((await deliver(app.url, 'pull_request', pullRequestPayload('opened'))).status).toBe(202); // still up
  });

  it.each([
    [
      'no WEBHOOK_SECRET',
      { APP_ID: '4242', PRIVATE_KEY },
      /^closed-loop App: WEBHOOK_SECRET is not set: deliveries cannot be verified\. Fix it in \.env/,
    ],
    [
      'an APP_ID that is not a number',
      { APP_ID: 'closed-loop', PRIVATE_KEY, WEBHOOK_SECRET: SECRET },
      /^closed-loop App: APP_ID is "closed-loop", not the App's numeric id\./,
    ],
    [
      'a key path that does not exist',
      { APP_ID: '4242', PRIVATE_KEY_PATH: './nowhere.pem', WEBHOOK_SECRET: SECRET },
      /^closed-loop App: PRIVATE_KEY_PATH is "\.\/nowhere\.pem", which does not exist \(a relative path is read from \/.+\): set it to the App's \.pem file/,
    ],
    [
      'a key that is not a key',
      {
        APP_ID: '4242',
        PRIVATE_KEY: '-----BEGIN RSA PRIVATE KEY-----\nhello\n-----END RSA PRIVATE KEY-----',
        WEBHOOK_SECRET: SECRET,
      },
      /^closed-loop App: the private key \(PRIVATE_KEY\) is not a valid PEM private key\./,
    ],
  ])(
    'refuses to start with %s: exit 2, one line saying what to fix, no stack',
    async (_what, env, message) => {
      const child = spawn(process.execPath, [APP], {
        cwd: mkdtempSync(join(tmpdir(), 'closed-loop-app-')),
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(2);
      expect(stderr).toMatch(message);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    },
  );

  it("a DATA_DIR under /proc (where Node's recursive mkdir never returns) is refused at once, naming it", async () => {
    const child = spawn(process.execPath, [APP], {
      cwd: mkdtempSync(join(tmpdir(), 'closed-loop-app-')),
      env: {
        PATH: process.env.PATH ?? '',
        APP_ID: '4242',
        PRIVATE_KEY,
        WEBHOOK_SECRET: SECRET,
        DATA_DIR: '/proc/closed-loop-data',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    clearTimeout(timer);
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(
      /^closed-loop App: cannot start: SQLite in \/proc\/closed-loop-data\/closed-loop\.sqlite: ENOENT.*\(set DATA_DIR to a writable folder\)$/,
    );
  });

  it('.env in the working directory wins over the environment, for Probot and closed-loop alike', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'closed-loop-app-'));
    writeFileSync(join(dir, '.env'), `APP_ID=4242\nWEBHOOK_SECRET=${SECRET}\n`);
    const child = spawn(process.execPath, [APP], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', APP_ID: 'not-a-number', PRIVATE_KEY_PATH: './nowhere.pem' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(2);
    expect(stderr).toContain('PRIVATE_KEY_PATH is "./nowhere.pem", which does not exist'); // past APP_ID and WEBHOOK_SECRET: .env's won
  });

  it("a red run whose failed job wrote a 200 MB log: streamed through the analyzer up to the cap, the App's memory stays bounded", async () => {
    const github = new FakeGitHub();
    const api = await serveGitHub(github);
    running.push(api.server);
    const job = example<{ workflow_job: Record<string, unknown> }>('workflow_job', 'completed').workflow_job;
    github.jobs.set(30433642, [
      {
        ...job,
        id: 77,
        name: 'test',
        head_sha: HEAD,
        conclusion: 'failure',
        steps: [{ name: 'Run npm test', conclusion: 'failure', number: 2 }],
      },
    ]);
    const total = 200 * 1024 * 1024;
    const line =
      '2026-11-24T16:55:03.0550000Z  RUN  v4.1.12 progress progress progress progress progress progress progress\n';
    const block = line.repeat(Math.floor(65536 / line.length));
    github.jobLogs.set(77, () =>
      Readable.from(
        (function* () {
          for (let sent = 0; sent < total; sent += block.length) yield block;
        })(),
      ),
    );
    github.config = 'version: 1\nci:\n  max_log_mb: 8\n'; // 8 MB keeps the test quick; the default is 64
    const app = await startApp({
      APP_ID: '4242',
      PRIVATE_KEY,
      WEBHOOK_SECRET: SECRET,
      GHE_HOST: `127.0.0.1:${api.port}`,
      GHE_PROTOCOL: 'http',
    });

    const response = await deliver(app.url, 'workflow_run', workflowRunPayload());
    expect(response.status).toBe(202);
    await until(async () => (await handled(app, 'workflow_run')) === 1, app.output, 40_000); // 8 MB through the analyzer, on a shared CPU

    const peak =
      Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${app.pid}/status`, 'utf8'))?.[1]) * 1024;
    expect(api.logBytesSent).toBeGreaterThanOrEqual(8 * 1024 * 1024);
    expect(api.logBytesSent).toBeLessThan(total);
    expect(peak).toBeLessThan(200 * 1024 * 1024);
    expect(github.comments[0]?.body).toContain('Only the first part of the log of `test` was read');
    // The requests of one red run with one failed job (docs/pull-requests.md: "Requests per red run");
    // the log's download itself goes to the blob host.
    // Nothing in this log is recognised: a deep failure, so the label loop:blocked and the blocked report
    // come on top.
    expect(
      api.received
        .map((r) => `${r.method} ${r.path.split('?')[0]}`)
        .filter((r) => !r.includes('access_tokens') && r !== 'GET /app' && !r.includes(' /blob/')),
    ).toEqual([
      'GET /repos/Codertocat/Hello-World/actions/runs/30433642/artifacts',
      'POST /graphql', // the PR, the config, its comments, the head's check runs and the repository's labels, in one query
      'GET /repos/Codertocat/Hello-World/pulls/2/files',
      'GET /repos/Codertocat/Hello-World/actions/runs/30433642/jobs',
      'GET /repos/Codertocat/Hello-World/actions/jobs/77/logs',
      'GET /repos/Codertocat/Hello-World/issues', // the head's check runs: from the query above, also for the closed-loop run
      'POST /repos/Codertocat/Hello-World/check-runs',
      // loop:blocked: the repository's loop labels made once (its labels came with the query), then the label
      // added
      'POST /repos/Codertocat/Hello-World/labels',
      'POST /repos/Codertocat/Hello-World/labels',
      'POST /repos/Codertocat/Hello-World/issues/2/labels',
      'POST /repos/Codertocat/Hello-World/issues/2/comments',
      'POST /repos/Codertocat/Hello-World/issues/2/comments', // the blocked report, once per head (looked up in the comments read above, which include the App's new one)
    ]);
  }, 60_000);

  it('on Redis, an instance killed (kill -9) in the middle of a delivery loses nothing: another finishes it, one sticky comment, one check run', async () => {
    const redis = await startRedis();
    try {
      const github = new FakeGitHub();
      const api = await serveGitHub(github);
      running.push(api.server);
      github.files = [
        {
          filename: 'db/migrations/004_add_orders.sql',
          sha: 'd'.repeat(40),
          status: 'added',
          additions: 12,
          deletions: 0,
        },
      ];
      let held = 0; // the first instance is stuck in its first write (the check run) when it dies
      api.fault = (method, path) =>
        method === 'POST' && path.endsWith('/check-runs') && held++ === 0 ? { delayMs: 60_000 } : undefined;
      // A dead instance's delivery is taken up once its lock runs out: 1 s here, 30 s by default.
      const env = {
        APP_ID: '4242',
        PRIVATE_KEY,
        WEBHOOK_SECRET: SECRET,
        GHE_HOST: `127.0.0.1:${api.port}`,
        GHE_PROTOCOL: 'http',
        REDIS_URL: redis.url,
        CLOSED_LOOP_QUEUE_LOCK_MS: '1000',
      };
      const first = await startApp(env);
      expect((await deliver(first.url, 'pull_request', pullRequestPayload('opened'))).status).toBe(202);
      await until(() => held > 0, first.output);
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));

      const second = await startApp(env);
      await until(
        () => github.comments.length === 1 && github.checkRuns.some((c) => c.name === 'closed-loop'),
        second.output,
      );
      expect(github.botComments('<!-- closed-loop:loop-comment -->')).toHaveLength(1);
      expect(github.checkRuns.filter((c) => c.name === 'closed-loop')).toHaveLength(1);
      expect(github.labels).toEqual(['needs:database-review']);
    } finally {
      await redis.stop();
    }
  }, 60_000);

  it('suggest mode: a signed red run gets one review of suggested changes, and a signed `/close-loop apply` commits the fix', async () => {
    const fix = await makeFix();
    const github = new FakeGitHub();
    Object.assign(github, {
      git: fix.dir,
      headSha: fix.start,
      branchHead: fix.start,
      config: 'version: 1\napply:\n  mode: suggest\n',
    });
    github.files = [
      {
        filename: 'src/cart.js',
        sha: 'd'.repeat(40),
        status: 'added',
        additions: 5,
        deletions: 0,
        patch: `@@ -0,0 +1,5 @@\n${BASE_FILES['src/cart.js']
          .trimEnd()
          .split('\n')
          .map((l) => `+${l}`)
          .join('\n')}`,
      },
    ];
    github.artifacts.set(
      30433642,
      zipSync({ 'result.json': strToU8(fix.resultJson), 'fix.patch': strToU8(fix.patch) }),
    );
    github.permissions.alice = 'write';
    const api = await serveGitHub(github);
    running.push(api.server);
    const app = await startApp({
      APP_ID: '4242',
      PRIVATE_KEY,
      WEBHOOK_SECRET: SECRET,
      GHE_HOST: `127.0.0.1:${api.port}`,
      GHE_PROTOCOL: 'http',
    });

    expect((await deliver(app.url, 'workflow_run', workflowRunPayload({ head: fix.start }))).status).toBe(
      202,
    );
    await until(() => github.comments.some((c) => c.body.includes('closed-loop:loop-comment')), app.output);
    expect(github.reviews).toHaveLength(1);
    expect(github.reviews[0]!.comments.map((c) => [c.path, c.line, c.body])).toEqual([
      ['src/cart.js', 1, '```suggestion\nlet total = 0;\n```'],
      ['src/cart.js', 4, '```suggestion\n  return total; // running sum\n```'],
    ]);
    expect(github.branchHead).toBe(fix.start);

    expect(
      (await deliver(app.url, 'issue_comment', commentPayload('/close-loop apply', { sender: 'alice' })))
        .status,
    ).toBe(202);
    await until(
      () =>
        github.branchHead !== fix.start &&
        github.comments.some((c) => c.body.includes('Committed the proposed fix')),
      app.output,
    );
    expect(git(fix.dir, 'rev-parse', `${github.branchHead}^{tree}`)).toBe(
      git(fix.dir, 'rev-parse', `${fix.end}^{tree}`),
    );
    expect(github.reviews).toHaveLength(1);
  }, 60_000);
});
