import type { OutcomeEvent } from '../../core/outcomes/outcome-event.js';

/** Which events to read: of these repositories (all when null), since this time (ISO, UTC). */
export interface OutcomeFilter {
  repos: readonly string[] | null;
  since?: string;
}

/** A dashboard sign-in: who, the repositories GitHub says they can read, until when. */
export interface DashboardSession {
  id: string;
  login: string;
  /** `owner/name`; null: every repository (the operator's DASHBOARD_TOKEN). */
  repos: string[] | null;
  expires_at: string;
}

/**
 * The App's history of loop outcomes (the port; kysely-outcome-store.ts is the adapter, on SQLite or
 * PostgreSQL). It holds history only: a PR's live state stays on GitHub.
 */
export interface OutcomeStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Records the events whose key is new; returns those (a redelivery's are already there). */
  record(events: readonly OutcomeEvent[]): Promise<OutcomeEvent[]>;
  events(filter: OutcomeFilter): Promise<OutcomeEvent[]>;
  /** The repositories with any history, and their installation. */
  repos(): Promise<{ installation: number; repo: string }[]>;
  /** Which of `shas` are fix commits or merge commits recorded in `repo`. */
  knownShas(repo: string, shas: readonly string[]): Promise<string[]>;
  /** Deletes events that happened before `before` (ISO) and expired sessions; returns how many events. */
  prune(before: string): Promise<number>;
  saveSession(session: DashboardSession): Promise<void>;
  readSession(id: string): Promise<DashboardSession | null>;
  dropSession(id: string): Promise<void>;
  close(): Promise<void>;
}
