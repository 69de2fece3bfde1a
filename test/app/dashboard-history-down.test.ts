import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../../src/app/serve/start-app-server.js';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server.js';
import { PRIVATE_KEY } from './app-kit.js';

// The App's real server on a real PostgreSQL, which then stops (maintenance, a failover).
const TOKEN = 'ops-token';
const PASSWORD = 'pg-pass-Zq7x9';
let postgres: PostgresServer;
let app: AppServer;
const logs: string[] = [];
beforeAll(async () => {
  postgres = await startPostgres();
  // Trust authentication ignores the password: it is there to show it is never repeated.
  const url = new URL(await postgres.createDatabase('dashboard_down'));
  url.password = PASSWORD;
  app = await startAppServer({
    appId: 4242,
    privateKey: PRIVATE_KEY,
    webhookSecret: 'secret',
    stateSecret: 'state',
    host: '127.0.0.1',
    port: 0,
    log: pino(
      new Writable({
        write(chunk: Buffer, _enc, done) {
          logs.push(chunk.toString('utf8'));
          done();
        },
      }),
    ),
    store: { databaseUrl: url.href },
    dashboard: { token: TOKEN },
  });
}, 60_000);
afterAll(async () => {
  await app.close();
});

const get = (path: string) => fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });

describe('the dashboard while its database is down', () => {
  it('answers 503 saying the outcome history cannot be reached, as JSON for the API and text for a page, with no credentials', async () => {
    expect((await get('/dashboard/api/prs')).status).toBe(200);
    await postgres.stop();

    const api = await get('/dashboard/api/prs');
    expect(api.status).toBe(503);
    const { error } = (await api.json()) as { error: string };
    expect(error).toMatch(
      /^the outcome history cannot be reached \(.+\); the App still handles pull requests/,
    );
    const page = await get('/dashboard/prs');
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await page.text();
    expect(text).toMatch(/^the outcome history cannot be reached/);
    for (const said of [error, text, ...logs]) expect(said).not.toContain(PASSWORD);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });
});
