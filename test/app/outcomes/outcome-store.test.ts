import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomeEvent, type OutcomeEvent } from '../../../src/core/outcomes/outcome-event.js';
import { openOutcomeStore } from '../../../src/app/outcomes/open-outcome-store.js';
import type { OutcomeStore } from '../../../src/app/outcomes/outcome-store.js';
import { startPostgres, type PostgresServer } from '../../helpers/postgres-server.js';

// The store against real databases: an SQLite file and a throwaway PostgreSQL server (no mock).
let postgres: PostgresServer;
beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});

const base = { installation: 7, repo: 'acme/shop', pr: 12 };
const loop = (key: string, outcome: string, at: string, more: Partial<OutcomeEvent> = {}) =>
  outcomeEvent(base, { key, kind: 'loop', outcome, at, loop: 'run:1', pattern: 'lint-error', ...more });

let databases = 0;
const backends: [string, () => Promise<{ open: () => Promise<OutcomeStore> }>][] = [
  [
    'SQLite (a file in DATA_DIR)',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'closed-loop-data-'));
      return { open: () => openOutcomeStore({ dataDir }) };
    },
  ],
  [
    'PostgreSQL (DATABASE_URL)',
    async () => {
      const databaseUrl = await postgres.createDatabase(`store_${++databases}`);
      return { open: () => openOutcomeStore({ databaseUrl }) };
    },
  ],
];

describe.each(backends)('the outcome store on %s', (_name, make) => {
  it('records each key once (a redelivery, a second instance), keeps the detail, and survives a restart', async () => {
    const { open } = await make();
    const first = await open();
    const second = await open(); // another instance on the same database: migrations already ran
    const red = loop('loop:acme/shop:run:1:1', 'rerun', '2026-11-02T10:00:00Z', {
      detail: { why: 'looks transient' },
      attempts: 1,
    });
    expect(await first.record([red])).toEqual([red]);
    expect(await second.record([red, red])).toEqual([]);
    const rescued = loop('loop:acme/shop:run:1:2', 'rescued', '2026-11-02T10:05:00.000+01:00');
    expect((await second.record([red, rescued])).map((e) => e.key)).toEqual([rescued.key]);
    await first.close();
    await second.close();

    const again = await open();
    const events = await again.events({ repos: ['acme/shop'] });
    expect(events.map((e) => [e.key, e.outcome, e.at])).toEqual([
      [rescued.key, 'rescued', '2026-11-02T09:05:00.000Z'],
      [red.key, 'rerun', '2026-11-02T10:00:00.000Z'],
    ]);
    expect(events[1]).toMatchObject({
      installation: 7,
      pr: 12,
      attempts: 1,
      detail: { why: 'looks transient' },
    });
    expect(await again.events({ repos: ['other/repo'] })).toEqual([]);
    expect(await again.events({ repos: [] })).toEqual([]);
    expect(await again.events({ repos: null, since: '2026-11-02T09:30:00Z' })).toHaveLength(1);
    expect(await again.repos()).toEqual([{ installation: 7, repo: 'acme/shop' }]);
    await again.close();
  }, 30_000);

  it('finds recorded fix and merge commits among pushed reverts, and prunes by age', async () => {
    const { open } = await make();
    const store = await open();
    const fixSha = 'a'.repeat(40);
    const mergeSha = 'b'.repeat(40);
    await store.record([
      outcomeEvent(base, {
        key: 'fix:1',
        kind: 'fix',
        outcome: 'committed',
        at: '2026-01-01T00:00:00Z',
        sha: fixSha,
      }),
      outcomeEvent(base, {
        key: 'fix:2',
        kind: 'fix',
        outcome: 'proposed',
        at: '2026-01-01T00:00:00Z',
        sha: 'c'.repeat(40),
      }),
      outcomeEvent(base, {
        key: 'stage:1',
        kind: 'stage',
        outcome: 'COMPLETE',
        at: '2026-06-01T00:00:00Z',
        sha: mergeSha,
      }),
    ]);
    expect(
      (await store.knownShas('acme/shop', [fixSha, mergeSha, 'c'.repeat(40), 'd'.repeat(40)])).sort(),
    ).toEqual([fixSha, mergeSha]);
    expect(await store.knownShas('other/repo', [fixSha])).toEqual([]);
    expect(await store.prune('2026-03-01T00:00:00Z')).toBe(2);
    expect((await store.events({ repos: null })).map((e) => e.key)).toEqual(['stage:1']);
    await store.close();
  }, 30_000);

  it('keeps dashboard sessions until they expire', async () => {
    const { open } = await make();
    const store = await open();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await store.saveSession({ id: 's1', login: 'alice', repos: ['acme/shop'], expires_at: later });
    await store.saveSession({ id: 's2', login: 'ops', repos: null, expires_at: '2000-01-01T00:00:00.000Z' });
    expect(await store.readSession('s1')).toEqual({
      id: 's1',
      login: 'alice',
      repos: ['acme/shop'],
      expires_at: later,
    });
    expect(await store.readSession('s2')).toBeNull();
    await store.dropSession('s1');
    expect(await store.readSession('s1')).toBeNull();
    await store.close();
  }, 30_000);
});

describe('the outcome store on PostgreSQL when the server drops its connections', () => {
  it('an idle connection terminated by the server (a restart, a failover) is told, not fatal, and the next write works', async () => {
    const databaseUrl = await postgres.createDatabase('store_dropped');
    const told: string[] = [];
    const store = await openOutcomeStore({ databaseUrl, onIdleError: (line) => told.push(line) });
    const first = loop('loop:acme/shop:run:9:1', 'rerun', '2026-11-02T10:00:00Z');
    expect(await store.record([first])).toEqual([first]); // the pool now holds an idle connection
    // What `pg_ctl restart -m fast` does to every session (57P01, "terminating connection due to
    // administrator command").
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    await admin.end();
    await expect.poll(() => told.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(told[0]).toMatch(
      /^PostgreSQL at 127\.0\.0\.1:\d+\/store_dropped dropped an idle connection \(terminating connection due to administrator command\); the next query opens another$/,
    );
    const second = loop('loop:acme/shop:run:9:2', 'rescued', '2026-11-02T10:05:00Z');
    expect(await store.record([second])).toEqual([second]);
    expect((await store.events({ repos: null })).map((e) => e.key).sort()).toEqual([first.key, second.key]);
    await store.close();
  }, 30_000);
});

describe('opening the store', () => {
  it('a DATABASE_URL that is not PostgreSQL is refused with the fix', async () => {
    await expect(openOutcomeStore({ databaseUrl: 'mysql://db/x' })).rejects.toThrow(
      /DATABASE_URL must be a PostgreSQL URL .*unset it to keep the history in SQLite under DATA_DIR/,
    );
  });

  it('an unreachable PostgreSQL says where, without the password', async () => {
    const error = await openOutcomeStore({ databaseUrl: 'postgres://app:s3cret@127.0.0.1:1/db' }).catch(
      (e: Error) => e,
    );
    expect(String(error)).toMatch(/PostgreSQL at 127\.0\.0\.1:1\/db: connect ECONNREFUSED/);
    expect(String(error)).not.toContain('s3cret');
  });

  it('a DATA_DIR that cannot be written says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'closed-loop-data-'));
    const store = await openOutcomeStore({ dataDir: join(dir, 'x', 'y') }); // created
    await store.close();
    writeFileSync(join(dir, 'file'), '');
    await expect(openOutcomeStore({ dataDir: join(dir, 'file', 'data') })).rejects.toThrow(
      /^SQLite in .*file\/data\/closed-loop\.sqlite: ENOTDIR.*\(set DATA_DIR to a writable folder\)$/,
    );
  });
});
