import type { OutcomeStore } from '../outcomes/outcome-store.js';

/** The outcome history did not answer the dashboard (PostgreSQL down, its file unreadable). */
export class HistoryUnreachable extends Error {
  constructor(cause: unknown) {
    super((cause instanceof Error ? cause.message : String(cause)).split('\n')[0] ?? '');
    this.name = 'HistoryUnreachable';
  }
}

/**
 * The store as the dashboard uses it: a call that fails throws HistoryUnreachable, so the dashboard can
 * answer 503 for the history and leave 500 to its own bugs.
 */
export function reachableOrThrow(store: OutcomeStore): OutcomeStore {
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      call(...args).catch((error: unknown) => {
        throw new HistoryUnreachable(error);
      });
  return {
    kind: store.kind,
    record: guard((events) => store.record(events)),
    events: guard((filter) => store.events(filter)),
    repos: guard(() => store.repos()),
    knownShas: guard((repo, shas) => store.knownShas(repo, shas)),
    prune: guard((before) => store.prune(before)),
    saveSession: guard((session) => store.saveSession(session)),
    readSession: guard((id) => store.readSession(id)),
    dropSession: guard((id) => store.dropSession(id)),
    close: () => store.close(),
  };
}
