import { Kysely, Migrator, type Dialect } from 'kysely';
import { OutcomeEventSchema, type OutcomeEvent } from '../../core/outcomes/outcome-event.js';
import { OUTCOME_MIGRATIONS } from './outcome-migrations.js';
import type { DashboardSession, OutcomeFilter, OutcomeStore } from './outcome-store.js';

interface EventRow {
  key: string;
  kind: string;
  installation: number | string;
  repo: string;
  pr: number | null;
  loop: string | null;
  workflow: string | null;
  pattern: string | null;
  strategy: string | null;
  outcome: string;
  attempts: number | null;
  sha: string | null;
  at: string;
  detail: string | null;
  recorded_at: string;
}
interface SessionRow {
  id: string;
  login: string;
  repos: string | null;
  expires_at: string;
}
interface Tables {
  outcome_events: EventRow;
  dashboard_sessions: SessionRow;
}

/** Rows read per query at most: the dashboard's window is bounded by retention. */
const MAX_ROWS = 200_000;
/** Rows inserted per statement (SQLite allows 32 766 bound values; 15 columns each). */
const BATCH = 500;

/** Runs the migrations not yet run; a failed one stops the start with its error. */
async function migrate(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(OUTCOME_MIGRATIONS) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error === undefined) return;
  if (failed === undefined) throw error; // not a migration's fault: the connection, the permissions
  throw new Error(
    `the database migration ${failed.migrationName} failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}

function toRow(e: OutcomeEvent, now: string): EventRow {
  return {
    ...e,
    at: new Date(e.at).toISOString(),
    detail: e.detail === null ? null : JSON.stringify(e.detail),
    recorded_at: now,
  };
}

function fromRow(row: EventRow): OutcomeEvent | null {
  const parsed = OutcomeEventSchema.safeParse({
    key: row.key,
    kind: row.kind,
    installation: Number(row.installation),
    repo: row.repo,
    pr: row.pr === null ? null : Number(row.pr),
    loop: row.loop,
    workflow: row.workflow,
    pattern: row.pattern,
    strategy: row.strategy,
    outcome: row.outcome,
    attempts: row.attempts === null ? null : Number(row.attempts),
    sha: row.sha,
    at: row.at,
    detail: row.detail === null ? null : (JSON.parse(row.detail) as unknown),
  });
  return parsed.success ? parsed.data : null; // a row an older or newer version wrote differently: skipped
}

/** The store on any Kysely dialect (SQLite or PostgreSQL here), after migrating it. */
export async function createKyselyOutcomeStore(
  dialect: Dialect,
  kind: OutcomeStore['kind'],
): Promise<OutcomeStore> {
  const db = new Kysely<Tables>({ dialect });
  try {
    await migrate(db as unknown as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    kind,
    async record(events) {
      const now = new Date().toISOString();
      const inserted = new Set<string>();
      const unique = [...new Map(events.map((e) => [e.key, e])).values()];
      for (let i = 0; i < unique.length; i += BATCH) {
        const rows = await db
          .insertInto('outcome_events')
          .values(unique.slice(i, i + BATCH).map((e) => toRow(OutcomeEventSchema.parse(e), now)))
          .onConflict((oc) => oc.column('key').doNothing())
          .returning('key')
          .execute();
        for (const r of rows) inserted.add(r.key);
      }
      return unique.filter((e) => inserted.has(e.key));
    },
    async events(filter: OutcomeFilter) {
      if (filter.repos !== null && filter.repos.length === 0) return [];
      let query = db.selectFrom('outcome_events').selectAll().orderBy('at').orderBy('key').limit(MAX_ROWS);
      if (filter.repos !== null) query = query.where('repo', 'in', [...filter.repos]);
      if (filter.since !== undefined) query = query.where('at', '>=', new Date(filter.since).toISOString());
      const rows = await query.execute();
      return rows.flatMap((r) => fromRow(r) ?? []);
    },
    async repos() {
      const rows = await db
        .selectFrom('outcome_events')
        .select(['repo', 'installation'])
        .distinct()
        .orderBy('repo')
        .execute();
      return rows.map((r) => ({ repo: r.repo, installation: Number(r.installation) }));
    },
    async knownShas(repo, shas) {
      if (shas.length === 0) return [];
      const rows = await db
        .selectFrom('outcome_events')
        .select('sha')
        .distinct()
        .where('repo', '=', repo)
        .where('sha', 'in', [...shas])
        .where((eb) =>
          eb.or([
            eb.and([eb('kind', '=', 'fix'), eb('outcome', '=', 'committed')]),
            eb.and([eb('kind', '=', 'stage'), eb('outcome', '=', 'COMPLETE')]),
          ]),
        )
        .execute();
      return rows.flatMap((r) => (r.sha === null ? [] : [r.sha]));
    },
    async prune(before) {
      const cut = new Date(before).toISOString();
      await db.deleteFrom('dashboard_sessions').where('expires_at', '<', new Date().toISOString()).execute();
      const result = await db.deleteFrom('outcome_events').where('at', '<', cut).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async saveSession(s: DashboardSession) {
      await db
        .insertInto('dashboard_sessions')
        .values({ ...s, repos: s.repos === null ? null : JSON.stringify(s.repos) })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            login: s.login,
            repos: s.repos === null ? null : JSON.stringify(s.repos),
            expires_at: s.expires_at,
          }),
        )
        .execute();
    },
    async readSession(id) {
      const row = await db
        .selectFrom('dashboard_sessions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (row === undefined || row.expires_at < new Date().toISOString()) return null;
      return { ...row, repos: row.repos === null ? null : (JSON.parse(row.repos) as string[]) };
    },
    async dropSession(id) {
      await db.deleteFrom('dashboard_sessions').where('id', '=', id).execute();
    },
    async close() {
      await db.destroy();
    },
  };
}
