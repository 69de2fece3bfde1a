import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboard } from '../../src/app/dashboard/serve-dashboard.js';
import type { OutcomeStore } from '../../src/app/outcomes/outcome-store.js';

// The dashboard's `days=` as an operator types it, through its real HTTP handler (an empty history).
const TOKEN = 'ops-token';
const since: string[] = [];
const store = {
  repos: async () => [],
  events: async (q: { since: string }) => (since.push(q.since), []),
} as unknown as OutcomeStore;
let server: Server;
let base = '';
beforeAll(async () => {
  const dashboard = createDashboard({ store, token: TOKEN });
  server = createServer((req, res) => void dashboard(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
const get = (path: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });

describe('the dashboard window, days=', () => {
  it.each(['abc', '-5', '0', '3651', '7.5', '1e3'])(
    'refuses days=%s: a 400 saying what it takes, as JSON for the API and text for a page',
    async (days) => {
      const message = `days is "${days}": give a whole number of days from 1 to 3650, or leave it out for the repository's outer_loop.window_days`;
      const api = await get(`/dashboard/api/patterns?days=${encodeURIComponent(days)}`);
      expect(api.status).toBe(400);
      expect(await api.json()).toEqual({ error: message });
      const page = await get(`/dashboard/patterns?days=${encodeURIComponent(days)}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toBe(`${message}\n`);
    },
  );

  it('shows any window from 1 to 3650 days, marked in the menu; none given is the default (90)', async () => {
    since.length = 0;
    const page = await get('/dashboard/patterns?days=3650');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<option value="3650" selected>last 3650 days</option>');
    const asked = Date.parse(since.at(-1) ?? '');
    expect(Math.round((Date.now() - asked) / 86_400_000)).toBe(3650);
    const plain = await get('/dashboard/patterns');
    expect(await plain.text()).toContain('<option value="90" selected>last 90 days</option>');
    expect((await get('/dashboard/api/patterns?days=')).status).toBe(200);
  });
});
