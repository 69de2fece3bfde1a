import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOutcomeStore } from '../../src/app/outcomes/open-outcome-store.js';
import { outcomeEvent } from '../../src/core/outcomes/outcome-event.js';
import { PRIVATE_KEY } from './app-kit.js';
import { SECRET, startApp, stopAll, type StartedApp } from './app-process.js';
import { FakeGitHub } from './fake-github.js';
import { serveGitHub, type ServedGitHub } from './serve-github.js';

// Sign in with GitHub (the App's OAuth web flow, GitHub mocked): a person sees the repositories they can
// read, and nothing else; the flow refuses a state it did not start.
const github = new FakeGitHub();
let api: ServedGitHub;
let app: StartedApp;

beforeAll(async () => {
  api = await serveGitHub(github);
  github.oauth = { code: 'code-from-github', login: 'alice', repos: ['Codertocat/Hello-World'] };
  const dataDir = mkdtempSync(join(tmpdir(), 'closed-loop-data-'));
  const store = await openOutcomeStore({ dataDir });
  const loop = (repo: string, pattern: string, n: number) =>
    outcomeEvent(
      { installation: 1, repo, pr: n },
      {
        key: `loop:${repo}:${n}`,
        kind: 'loop',
        outcome: 'escalated',
        at: new Date().toISOString(),
        loop: `run:${n}`,
        pattern,
        attempts: 1,
      },
    );
  await store.record([
    loop('Codertocat/Hello-World', 'lint-error', 1),
    loop('Codertocat/secret-plans', 'type-error', 2),
  ]);
  await store.close();
  app = await startApp({
    APP_ID: '4242',
    PRIVATE_KEY,
    WEBHOOK_SECRET: SECRET,
    GHE_HOST: `127.0.0.1:${api.port}`,
    GHE_PROTOCOL: 'http',
    DATA_DIR: dataDir,
    GITHUB_CLIENT_ID: 'Iv1.closedloop',
    GITHUB_CLIENT_SECRET: 'client-secret',
  });
}, 60_000);
afterAll(async () => {
  await stopAll();
  await new Promise((resolve) => api.server.close(resolve));
});

const get = (path: string, cookie?: string) =>
  fetch(`${app.base}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0] ?? '';

describe('the dashboard behind sign-in with GitHub', () => {
  it('without a session: 401 for the data, the sign-in for a page', async () => {
    const data = await get('/dashboard/api/patterns');
    expect(data.status).toBe(401);
    expect(await data.json()).toEqual({
      error: expect.stringMatching(/^sign in with GitHub at \/dashboard\/login/),
    });
    const page = await get('/dashboard/fixes');
    expect([page.status, page.headers.get('location')]).toEqual([302, '/dashboard/login']);
    expect(await page.text()).toBe('');
  });

  it("GitHub's web flow: the person sees only the repositories they can read", async () => {
    const login = await get('/dashboard/login');
    expect(login.status).toBe(302);
    const authorize = new URL(login.headers.get('location') ?? '');
    expect(`${authorize.origin}${authorize.pathname}`).toBe(
      `http://127.0.0.1:${api.port}/login/oauth/authorize`,
    );
    expect(authorize.searchParams.get('client_id')).toBe('Iv1.closedloop');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${app.base}/dashboard/callback`);
    const state = authorize.searchParams.get('state') ?? '';
    const stateCookie = cookieOf(login, 'closed_loop_oauth_state');

    // Back from GitHub with another browser's state: refused.
    const forged = await get(`/dashboard/callback?code=code-from-github&state=${state}`);
    expect(forged.status).toBe(400);

    const back = await get(`/dashboard/callback?code=code-from-github&state=${state}`, stateCookie);
    expect([back.status, back.headers.get('location')]).toEqual([302, '/dashboard/prs']);
    const session = cookieOf(back, 'closed_loop_session');
    expect(back.headers.getSetCookie().join('\n')).toMatch(
      /closed_loop_session=[\w-]{40,}; Path=\/dashboard; HttpOnly; SameSite=Lax/,
    );

    expect(await (await get('/dashboard/api/repos', session)).json()).toEqual(['Codertocat/Hello-World']);
    const patterns = (await (await get('/dashboard/api/patterns', session)).json()) as { pattern: string }[];
    expect(patterns.map((p) => p.pattern)).toEqual(['lint-error']);
    const hidden = await get('/dashboard/api/patterns?repo=Codertocat/secret-plans', session);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({
      error: 'no outcomes for Codertocat/secret-plans, or you cannot read it',
    });
    const page = await get('/dashboard/patterns', session);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<span class="who">alice</span>');
    expect(html).not.toContain('secret-plans');

    await get('/dashboard/logout', session);
    expect((await get('/dashboard/api/repos', session)).status).toBe(401);
  });
});
