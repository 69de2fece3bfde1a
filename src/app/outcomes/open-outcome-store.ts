import { join, resolve } from 'node:path';
import { PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { createKyselyOutcomeStore } from './kysely-outcome-store.js';
import type { OutcomeStore } from './outcome-store.js';
import { makeDirectory } from './make-directory.js';

/** The SQLite file's name in DATA_DIR. */
const SQLITE_FILE = 'closed-loop.sqlite';

export interface StoreSettings {
  /** `postgres://…` (or `postgresql://…`): PostgreSQL, for several instances. */
  databaseUrl?: string;
  /** Where the SQLite file lives when there is no databaseUrl (default `./data`). */
  dataDir?: string;
  /**
   * Told when PostgreSQL drops an idle connection (a server restart, a failover, an idle timeout). The
   * pool discards that connection and opens another on the next query; without a listener, node-postgres
   * raises the error as an unhandled 'error' event and the process exits.
   */
  onIdleError?: (message: string) => void;
}

/** Where the history is, for the start-up line: never the password. */
export function describeStore(settings: StoreSettings): string {
  if (settings.databaseUrl) {
    const url = new URL(settings.databaseUrl);
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  }
  return `SQLite in ${join(resolve(settings.dataDir ?? 'data'), SQLITE_FILE)}`;
}

/**
 * Opens the outcome history: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR (created when
 * missing), and migrates it to this version's schema.
 */
export async function openOutcomeStore(settings: StoreSettings): Promise<OutcomeStore> {
  const url = settings.databaseUrl?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url))
      throw new Error(
        'DATABASE_URL must be a PostgreSQL URL (postgres://USER:PASSWORD@HOST:5432/DB); unset it to keep the history in SQLite under DATA_DIR',
      );
    const pool = new pg.Pool({ connectionString: url, max: 5 });
    pool.on('error', (error) =>
      settings.onIdleError?.(
        `${describeStore(settings)} dropped an idle connection (${messageOf(error)}); the next query opens another`,
      ),
    );
    try {
      return await createKyselyOutcomeStore(new PostgresDialect({ pool }), 'postgres');
    } catch (error) {
      throw new Error(`${describeStore(settings)}: ${messageOf(error)}`);
    }
  }
  const Database = await loadSqlite();
  const dir = resolve(settings.dataDir ?? 'data');
  try {
    makeDirectory(dir);
    const database = new Database(join(dir, SQLITE_FILE));
    database.pragma('journal_mode = WAL'); // readers do not wait for the writer
    database.pragma('busy_timeout = 5000');
    return await createKyselyOutcomeStore(new SqliteDialect({ database }), 'sqlite');
  } catch (error) {
    throw new Error(`${describeStore(settings)}: ${messageOf(error)} (set DATA_DIR to a writable folder)`);
  }
}

/**
 * better-sqlite3 is the package's one native (optional) dependency: npm installs its prebuilt binary, or
 * compiles it; where neither worked, the App can still keep its history in PostgreSQL.
 */
async function loadSqlite(): Promise<typeof import('better-sqlite3')> {
  try {
    return (await import('better-sqlite3')).default;
  } catch (error) {
    throw new Error(
      `SQLite is not available here (better-sqlite3: ${messageOf(error)}): reinstall with a C++ toolchain (python3, make, g++) so npm can build it, or set DATABASE_URL to a PostgreSQL database`,
    );
  }
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError) return error.errors.map(messageOf).join('; ');
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
