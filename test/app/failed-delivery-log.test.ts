import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppLog } from '../../src/app/create-app-log.js';
import { startAppServer, type AppServer } from '../../src/app/serve/start-app-server.js';
import { PRIVATE_KEY } from './app-kit.js';
import { FakeGitHub } from './fake-github.js';
import { commentPayload } from './payloads.js';
import { serveGitHub, type ServedGitHub } from './serve-github.js';

const SECRET = 'log-webhook-secret';
const TOKEN = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/** The App's real server in process, logging through the App's own logger (JSON), against a fake GitHub. */
async function start(level: string): Promise<{ app: AppServer; api: ServedGitHub; lines: string[] }> {
  const api = await serveGitHub(new FakeGitHub());
  stops.push(() => new Promise((resolve) => api.server.close(resolve)));
  const lines: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const app = await startAppServer({
    appId: 4242,
    privateKey: PRIVATE_KEY,
    webhookSecret: SECRET,
    stateSecret: 'state',
    baseUrl: `http://127.0.0.1:${api.port}/api/v3`,
    host: '127.0.0.1',
    port: 0,
    log: await (createAppLog as (e: object, o?: unknown) => ReturnType<typeof createAppLog>)(
      { LOG_FORMAT: 'json', LOG_LEVEL: level },
      out,
    ),
    pacing: { writeGapMs: 0, maxRetries: 0 },
    retry: { attempts: 3, backoffMs: 20 },
    store: { dataDir: mkdtempSync(join(tmpdir(), 'closed-loop-log-')) },
  });
  stops.push(() => app.close());
  return { app, api, lines };
}

async function deliverComment(app: AppServer, id: string): Promise<void> {
  const body = JSON.stringify(commentPayload(`/close-loop status\n\nmy token is ${TOKEN} oops`));
  const res = await fetch(`${app.url}/api/github/webhooks`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'issue_comment',
      'x-github-delivery': id,
      'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
    },
  });
  expect(res.status).toBe(202);
}

async function parked(lines: string[]): Promise<void> {
  for (let waited = 0; !lines.some((l) => l.includes('parked after its last try')); waited += 10) {
    if (waited > 20_000) throw new Error(`never parked:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await new Promise((resolve) => setImmediate(resolve));
}

describe('a delivery that keeps failing, in the log', () => {
  it('GitHub down: one short line per try, no stack, no payload, and a token typed in the comment is masked', async () => {
    const { app, api, lines } = await start('info');
    api.fault = (method, path) =>
      (method === 'GET' && path.endsWith('/pulls/2')) || path === '/graphql'
        ? { status: 503, message: `injected failure (${TOKEN})` }
        : undefined;

    await deliverComment(app, 'd-secret-in-log');
    await parked(lines);

    const failed = lines.filter((l) => l.includes('d-secret-in-log') && !l.includes('queued for'));
    expect(failed.map((l) => (JSON.parse(l) as { outcome?: string }).outcome)).toEqual([
      'retrying',
      'retrying',
      'parked',
    ]);
    expect(failed[0]).toMatch(/GitHub failed or asked to wait \(.*503/);
    for (const line of lines) {
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain('"payload"');
      expect(line).not.toContain('"stack"');
      expect(line.length).toBeLessThan(1000);
    }
  });

  it('at LOG_LEVEL=debug: the stack is in the line of each try, the payload and the token still are not', async () => {
    const { app, api, lines } = await start('debug');
    api.fault = (method, path) =>
      (method === 'GET' && path.endsWith('/pulls/2')) || path === '/graphql'
        ? { status: 503, message: 'injected failure' }
        : undefined;

    await deliverComment(app, 'd-debug');
    await parked(lines);

    for (const line of lines) {
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain('my token is');
      expect(line).not.toContain('"payload"');
    }
    const tries = lines.filter((l) => /"outcome":"(retrying|parked)"/.test(l));
    expect(tries).toHaveLength(3);
    for (const line of tries) expect(line).toContain('"stack"');
  });

  it('a bug (GitHub answers nonsense): one line per try that asks for a report', async () => {
    const { app, api, lines } = await start('info');
    api.fault = (method, path) =>
      (method === 'GET' && path.endsWith('/pulls/2')) || path === '/graphql' ? { status: 200 } : undefined;

    await deliverComment(app, 'd-bug');
    await parked(lines);

    const failed = lines.filter((l) => l.includes('d-bug') && !l.includes('queued for'));
    expect(failed).toHaveLength(3);
    expect(failed[0]).toContain('this is a bug, please report it');
    for (const line of lines) {
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain('"stack"');
    }
  });
});
