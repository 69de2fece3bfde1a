// npm run bench (third part) — the App's server against the fake GitHub on loopback:
// 1. GitHub requests per step of one PR's lifecycle (opened → CI red with a fix → the fix committed →
//    green → a gate approved);
// 2. 50 `/close-loop status` commands on 50 PRs, of 1 installation and of 5: how long GitHub's pacing
//    (1 s between writes, per installation) takes, and the answer latency p50/p99 of the webhook
//    endpoint — the bundled App in its own process — against a bare Probot app (in this process)
//    that posts one comment per command.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { strToU8, zipSync } from 'fflate';
import { pino } from 'pino';
import { createNodeMiddleware, Probot } from 'probot';
import { expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../src/app/serve/start-app-server.js';
import { aLoopResult } from '../test/core/pull-request/builders.js';
import { fixRepos } from '../test/github/fix-patch-kit.js';
import { PRIVATE_KEY } from '../test/app/app-kit.js';
import { FakeGitHub } from '../test/app/fake-github.js';
import { commentPayload, pullRequestPayload, workflowRunPayload } from '../test/app/payloads.js';

const SECRET = 'bench-secret';
const N = Number(process.env.BENCH_N) || 50;
const quiet = pino({ level: process.env.BENCH_LOG ?? 'silent' });

/** One FakeGitHub per repository `org/repo-k`, all on one loopback port; counts the requests. */
async function serveFakes(
  fakes: Map<string, FakeGitHub>,
): Promise<{ server: Server; port: number; count: () => number }> {
  let requests = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      const path = (req.url ?? '/').replace(/^\/api(\/v3)?(?=\/)/, '');
      const blob = /^\/blob\/(.+?)\/artifacts\/run-(\d+)\.zip/.exec(path);
      if (blob) {
        const bytes = fakes.get(decodeURIComponent(blob[1]!))?.artifacts.get(Number(blob[2]));
        return void res
          .writeHead(bytes ? 200 : 404, { 'content-type': 'application/zip' })
          .end(bytes ? Buffer.from(bytes) : '');
      }
      requests += 1;
      if (process.env.BENCH_TRACE) console.log(`${req.method} ${path}`);
      const m = /^\/repos\/([^/]+\/[^/]+)(\/.*)?$/.exec(path.split('?')[0]!);
      // A GraphQL query names its repository in its variables.
      const query =
        path === '/graphql' ? (JSON.parse(body) as { variables?: Record<string, unknown> }) : null;
      const name =
        m?.[1] ??
        (query?.variables?.owner
          ? `${String(query.variables.owner)}/${String(query.variables.repo)}`
          : [...fakes.keys()][0]!);
      const fake = fakes.get(name) ?? [...fakes.values()][0]!;
      const local = m ? path.replace(`/repos/${name}`, '/repos/Codertocat/Hello-World') : path;
      if (query?.variables?.owner)
        body = JSON.stringify({
          ...query,
          variables: { ...query.variables, owner: 'Codertocat', repo: 'Hello-World' },
        });
      const [status, data, headers] = fake.answer(req.method ?? 'GET', local, body);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const repository = (data as { data?: { repository?: Record<string, any> | null } }).data?.repository;
      if (query && repository?.nameWithOwner) {
        // the query's repository is this one
        const [owner, repo] = name.split('/') as [string, string];
        Object.assign(repository, { nameWithOwner: name, name: repo, owner: { login: owner } });
        if (repository.pullRequest?.headRepository)
          repository.pullRequest.headRepository.nameWithOwner = name;
      }
      const pull = data as {
        base?: { repo: Record<string, unknown> };
        head?: { repo: Record<string, unknown> };
      };
      if (m && /^\/pulls\/\d+$/.test(m[2] ?? '') && pull.base && pull.head) {
        // the PR lives in this repository
        const [owner, repo] = name.split('/') as [string, string];
        pull.base.repo = {
          ...pull.base.repo,
          full_name: name,
          name: repo,
          owner: { ...(pull.base.repo.owner as object), login: owner },
        };
        pull.head.repo = { ...pull.head.repo, full_name: name };
      }
      const location = headers?.location?.replace(
        /^https:\/\/results-receiver\.actions\.githubusercontent\.com/,
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/blob/${encodeURIComponent(name)}`,
      );
      res.writeHead(status, {
        'content-type': 'application/json',
        ...headers,
        ...(location ? { location } : {}),
      });
      res.end(typeof data === 'string' ? data : JSON.stringify(data));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, count: () => requests };
}

function post(url: string, event: string, payload: object, id: string): Promise<Response> {
  const body = JSON.stringify(payload);
  return fetch(url, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': id,
      'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
    },
  });
}

const settle = async (app: AppServer): Promise<void> => {
  while ((await app.queue.depth()) > 0) await new Promise((resolve) => setTimeout(resolve, 5));
};
const pct = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const ms = (x: number): string => `${Math.round(x)} ms`;

/** A payload moved to repository `org/repo-k` and installation `installation`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function inRepo(payload: Record<string, any>, repo: string, installation: number): Record<string, any> {
  const [owner, name] = repo.split('/') as [string, string];
  payload.installation = { id: installation };
  payload.repository = {
    ...payload.repository,
    full_name: repo,
    name,
    owner: { ...payload.repository.owner, login: owner },
  };
  return payload;
}

const makeFix = fixRepos();

/** Each step's requests and writes with REST reads only (read reuse, no GraphQL query), for comparison. */
const REST_ONLY: Record<string, [number, number]> = {
  opened: [15, 7],
  'CI red with a fix (the fix committed)': [24, 8],
  "synchronize (the App's commit)": [7, 2],
  'CI green': [8, 1],
  'gate approved (/close-loop approve database)': [12, 5],
};

it('requests per lifecycle step', async () => {
  const fake = new FakeGitHub();
  const fix = await makeFix();
  fake.files = [
    {
      filename: 'db/migrations/004_add_orders.sql',
      sha: 'd'.repeat(40),
      status: 'added',
      additions: 12,
      deletions: 0,
    },
  ];
  fake.permissions.bob = 'maintain';
  fake.git = fix.dir;
  fake.headSha = fake.branchHead = fix.start;
  fake.artifacts.set(1, zipSync({ 'result.json': strToU8(fix.resultJson), 'fix.patch': strToU8(fix.patch) }));
  const api = await serveFakes(new Map([['Codertocat/Hello-World', fake]]));
  const app = await startAppServer({
    appId: 1,
    privateKey: PRIVATE_KEY,
    webhookSecret: SECRET,
    stateSecret: 's',
    baseUrl: `http://127.0.0.1:${api.port}/api/v3`,
    host: '127.0.0.1',
    port: 0,
    log: quiet,
    pacing: { writeGapMs: 0 },
  });
  const hook = `${app.url}/api/github/webhooks`;
  const rows: [string, number, number][] = [];
  const step = async (what: string, event: string, payload: object): Promise<void> => {
    const before = api.count();
    const writes = fake.writes.length;
    await post(hook, event, payload, `${what}`);
    await settle(app);
    rows.push([what, api.count() - before, fake.writes.length - writes]);
  };
  await step('opened', 'pull_request', pullRequestPayload('opened', { head: fix.start }));
  await step(
    'CI red with a fix (the fix committed)',
    'workflow_run',
    workflowRunPayload({ id: 1, head: fix.start }),
  );
  const committed = fake.branchHead;
  fake.headSha = committed;
  await step(
    "synchronize (the App's commit)",
    'pull_request',
    pullRequestPayload('synchronize', { head: committed }),
  );
  fake.artifacts.set(
    2,
    zipSync({
      'result.json': strToU8(
        JSON.stringify(
          aLoopResult({ status: 'success', fix_commits: [], head: { start: committed, end: committed } }),
        ),
      ),
    }),
  );
  await step(
    'CI green',
    'workflow_run',
    workflowRunPayload({ id: 2, head: committed, conclusion: 'success' }),
  );
  await step(
    'gate approved (/close-loop approve database)',
    'issue_comment',
    commentPayload('/close-loop approve database', { sender: 'bob' }),
  );
  await app.close();
  api.server.close();
  console.log(
    "\nGitHub requests per lifecycle step (the token request included), against REST reads only (before 2026-11-24's GraphQL query):",
  );
  for (const [what, n, w] of rows)
    console.log(
      `  ${what.padEnd(46)} ${String(n).padStart(3)} requests, ${w} writes (before: ${REST_ONLY[what]?.join(', ')})`,
    );
  const total = (i: 1 | 2) => rows.reduce((a, r) => a + r[i], 0);
  console.log(
    `  ${'total'.padEnd(46)} ${String(total(1)).padStart(3)} requests, ${total(2)} writes (before: 66, 23)`,
  );
  expect(total(1), 'issue 14: at most 40 requests a lifecycle').toBeLessThanOrEqual(40);
});

/**
 * 50 repositories with one PR each, its sticky comment and check already there (a PR in the middle of its
 * life).
 */
async function warmFakes(
  installations: number,
): Promise<{ fakes: Map<string, FakeGitHub>; repos: { repo: string; installation: number }[] }> {
  const first = new FakeGitHub();
  const api = await serveFakes(new Map([['org/repo-0', first]]));
  const app = await startAppServer({
    appId: 1,
    privateKey: PRIVATE_KEY,
    webhookSecret: SECRET,
    stateSecret: 's',
    baseUrl: `http://127.0.0.1:${api.port}/api/v3`,
    host: '127.0.0.1',
    port: 0,
    log: quiet,
    pacing: { writeGapMs: 0 },
  });
  await post(
    `${app.url}/api/github/webhooks`,
    'pull_request',
    inRepo(pullRequestPayload('opened'), 'org/repo-0', 1),
    'warm',
  );
  await settle(app);
  await app.close();
  api.server.close();
  const fakes = new Map<string, FakeGitHub>();
  const repos = Array.from({ length: N }, (_, k) => ({
    repo: `org/repo-${k}`,
    installation: 1 + (k % installations),
  }));
  for (const { repo } of repos) {
    const fake = new FakeGitHub();
    fake.comments = structuredClone(first.comments);
    fake.checkRuns = structuredClone(first.checkRuns);
    fake.repoLabels = [...first.repoLabels];
    fakes.set(repo, fake);
  }
  return { fakes, repos };
}

/** The bundled App (`npm start`) in a process of its own, as deployed, with GitHub's default pacing. */
async function spawnApp(apiPort: number): Promise<{ url: string; stop: () => void }> {
  const port = 30000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, [join(import.meta.dirname, '../dist/app.js')], {
    cwd: tmpdir(),
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_ID: '1',
      PRIVATE_KEY,
      WEBHOOK_SECRET: SECRET,
      GHE_HOST: `127.0.0.1:${apiPort}`,
      GHE_PROTOCOL: 'http',
    },
  });
  await new Promise<void>((resolve) => {
    const poll = () =>
      void fetch(`http://127.0.0.1:${port}/healthz`).then(
        () => resolve(),
        () => setTimeout(poll, 50),
      );
    poll();
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

async function commandsOnPrs(installations: number): Promise<string> {
  const { fakes, repos } = await warmFakes(installations);
  const api = await serveFakes(fakes);
  const app = await spawnApp(api.port);
  const started = performance.now();
  const answers = await Promise.all(
    repos.map(async ({ repo, installation }, k) => {
      const t = performance.now();
      await post(
        `${app.url}/api/github/webhooks`,
        'issue_comment',
        inRepo(commentPayload('/close-loop status', { id: 100 + k }), repo, installation),
        `c-${k}`,
      );
      return performance.now() - t;
    }),
  );
  const replied = () =>
    [...fakes.values()].filter((f) => f.comments.some((c) => c.body.includes('<!-- closed-loop:reply')))
      .length;
  while (replied() < N && performance.now() - started < 300_000)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const total = performance.now() - started;
  const replies = replied();
  app.stop();
  api.server.close();
  return `${N} commands on ${N} PRs of ${installations} installation(s): answered p50 ${ms(pct(answers, 50))}, p99 ${ms(pct(answers, 99))}; all ${replies} replies posted after ${(total / 1000).toFixed(1)} s`;
}

/**
 * A bare Probot app (Probot's own middleware and default Octokit: its retry and throttling) posting one
 * comment per command.
 */
async function bareProbot(installations: number): Promise<string> {
  const { fakes, repos } = await warmFakes(installations);
  const api = await serveFakes(fakes);
  const probot = new Probot({
    appId: 1,
    privateKey: PRIVATE_KEY,
    secret: SECRET,
    baseUrl: `http://127.0.0.1:${api.port}/api/v3`,
    log: quiet,
  });
  await probot.load((app: Probot) => {
    app.on('issue_comment.created', async (context) => {
      await context.octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        ...context.repo(),
        issue_number: context.payload.issue.number,
        body: '<!-- closed-loop:reply --> status',
      });
    });
  });
  const middleware = await createNodeMiddleware(() => {}, { probot });
  const server = createServer((req, res) => void middleware(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/github/webhooks`;
  const started = performance.now();
  const answers = await Promise.all(
    repos.map(async ({ repo, installation }, k) => {
      const t = performance.now();
      await post(
        url,
        'issue_comment',
        inRepo(commentPayload('/close-loop status', { id: 100 + k }), repo, installation),
        `b-${k}`,
      );
      return performance.now() - t;
    }),
  );
  const total = performance.now() - started;
  server.close();
  api.server.close();
  return `bare Probot, ${N} commands on ${N} PRs of ${installations} installation(s): answered p50 ${ms(pct(answers, 50))}, p99 ${ms(pct(answers, 99))}; all replies posted after ${(total / 1000).toFixed(1)} s`;
}

it('commands on many PRs: pacing per installation, answer latency', async () => {
  const lines = [await commandsOnPrs(1), await commandsOnPrs(5)];
  if (process.env.BENCH_BARE !== '0') lines.push(await bareProbot(1), await bareProbot(5));
  console.log(`\n${lines.join('\n')}`);
});
