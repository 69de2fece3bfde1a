import type { Kysely, Migration } from 'kysely';

/**
 * The database's schema, one migration at a time, run in order at start by Kysely's Migrator (which keeps
 * what ran in `kysely_migration` and locks so that two instances starting at once do not both migrate).
 * A migration is never edited once released: a change is a new one.
 */
export const OUTCOME_MIGRATIONS: Record<string, Migration> = {
  '2026-11-01-outcome-events': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outcome_events')
        .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('installation', 'bigint', (c) => c.notNull())
        .addColumn('repo', 'varchar(200)', (c) => c.notNull())
        .addColumn('pr', 'integer')
        .addColumn('loop', 'varchar(100)')
        .addColumn('workflow', 'varchar(200)')
        .addColumn('pattern', 'varchar(100)')
        .addColumn('strategy', 'varchar(50)')
        .addColumn('outcome', 'varchar(50)', (c) => c.notNull())
        .addColumn('attempts', 'integer')
        .addColumn('sha', 'varchar(64)')
        // ISO 8601 in UTC (toISOString), so that text order is time order on either database.
        .addColumn('at', 'varchar(30)', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('recorded_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('outcome_events_repo_at')
        .on('outcome_events')
        .columns(['repo', 'at'])
        .execute();
      await db.schema.createIndex('outcome_events_at').on('outcome_events').column('at').execute();
      await db.schema
        .createIndex('outcome_events_sha')
        .on('outcome_events')
        .columns(['repo', 'sha'])
        .execute();
      await db.schema
        .createTable('dashboard_sessions')
        .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('login', 'varchar(100)', (c) => c.notNull())
        .addColumn('repos', 'text')
        .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('dashboard_sessions').execute();
      await db.schema.dropTable('outcome_events').execute();
    },
  },
};
