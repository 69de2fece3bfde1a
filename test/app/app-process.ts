import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const APP = join(import.meta.dirname, '../../dist/app.js');
export const SECRET = 'e2e-webhook-secret';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** What a test started (the App, the fake GitHub's server), stopped by stopAll. */
export const running: (ChildProcess | Server)[] = [];

export async function stopAll(): Promise<void> {
  for (const r of running.splice(0)) {
    if ('kill' in r) r.kill('SIGTERM');
    else await new Promise((resolve) => r.close(resolve));
  }
}

export interface StartedApp {
  url: string;
  base: string;
  output: () => string;
  pid: number;
  child: ChildProcess;
}

/**
 * Starts the bundled App (`npm start`) with the environment a deployment gives it; resolves once it listens.
 */
export async function startApp(env: Record<string, string>): Promise<StartedApp> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [APP], {
    cwd: tmpdir(), // no developer's .env
    // No pause between writes (GitHub asks for 1 s per installation; the fake does not).
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_FORMAT: 'json',
      HOST: '127.0.0.1',
      PORT: String(port),
      CLOSED_LOOP_WRITE_GAP_MS: '0',
      // Its own outcome history (SQLite), unless the test gives one (a restart, PostgreSQL).
      DATA_DIR: mkdtempSync(join(tmpdir(), 'closed-loop-data-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Listening on')) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`the App exited (${code}) before listening:\n${output}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  return { url: `${base}/api/github/webhooks`, base, output: () => output, pid: child.pid ?? 0, child };
}

/**
 * Waits (at most `limitMs`) for `done`; the App's log reaches us through a pipe, a moment after its response.
 */
export async function until(
  done: () => boolean | Promise<boolean>,
  what: () => string,
  limitMs = 5000,
): Promise<void> {
  for (let waited = 0; !(await done()); waited += 50) {
    if (waited > limitMs) throw new Error(`gave up waiting; the App printed:\n${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A delivery as GitHub sends it: signed with the webhook secret, under its delivery id. */
export function deliver(
  url: string,
  event: string,
  payload: object,
  opts: { secret?: string; id?: string } = {},
): Promise<Response> {
  const body = JSON.stringify(payload);
  return fetch(url, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': opts.id ?? '72d3162e-cc78-11e3-81ab-4c9367dc0958',
      'x-hub-signature-256': `sha256=${createHmac('sha256', opts.secret ?? SECRET)
        .update(body)
        .digest('hex')}`,
    },
  });
}

/** Deliveries of `event` the App finished handling, from its /metrics. */
export async function handled(app: StartedApp, event: string): Promise<number> {
  const text = await (await fetch(`${app.base}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`closed_loop_deliveries_total{event="${event}",outcome="handled"} `));
  return Number(line?.split(' ').at(-1) ?? 0);
}
