import { OuterLoopSchema } from '../../core/config/schema.js';
import type { OutcomeEvent } from '../../core/outcomes/outcome-event.js';
import type { OutcomeStore } from '../outcomes/outcome-store.js';
import type { Viewer } from './dashboard-session.js';

export interface Scope {
  /** The repositories in view: the chosen one, or every one the viewer may read that has history. */
  repos: string[];
  /** Every repository the viewer may choose. */
  choices: string[];
  repo: string | null;
  days: number;
  events: OutcomeEvent[];
  /** The chosen repository's outer_loop settings as last recorded; the defaults across repositories. */
  settings: { min_loops: number; threshold: number; window_days: number };
}

export class ScopeError extends Error {
  constructor(
    message: string,
    /** 404: a repository the viewer cannot see (as if it did not exist); 400: a parameter that is wrong. */
    readonly status: 400 | 404 = 404,
  ) {
    super(message);
  }
}

/** The longest window the dashboard shows, in days (ten years: events are kept 365 days by default). */
const MAX_DAYS = 3650;

/**
 * What a request may see: `repo=OWNER/REPO` (one the viewer can read), `installation=ID`, `days=N` (1 to
 * MAX_DAYS; without it the repository's outer_loop.window_days, else 90). An unknown repository and one
 * the viewer cannot read get the same answer (404); a `days` that is no such number gets 400.
 */
/** `days=N`: a whole number from 1 to MAX_DAYS, or null when not given; anything else is refused. */
function daysOf(asked: string | null): number | null {
  if (asked === null) return null;
  const days = /^\d{1,5}$/.test(asked) ? Number(asked) : NaN;
  if (days >= 1 && days <= MAX_DAYS) return days;
  throw new ScopeError(
    `days is "${asked.slice(0, 20)}": give a whole number of days from 1 to ${MAX_DAYS}, or leave it out for the repository's outer_loop.window_days`,
    400,
  );
}

export async function readScope(store: OutcomeStore, viewer: Viewer, query: URLSearchParams): Promise<Scope> {
  const known = await store.repos();
  const allowed = viewer.repos === null ? null : new Set(viewer.repos.map((r) => r.toLowerCase()));
  const installation = query.get('installation');
  const choices = known
    .filter((k) => allowed === null || allowed.has(k.repo.toLowerCase()))
    .filter((k) => installation === null || String(k.installation) === installation)
    .map((k) => k.repo);
  const asked = query.get('repo')?.trim() || null;
  const repo = asked === null ? null : (choices.find((c) => c.toLowerCase() === asked.toLowerCase()) ?? null);
  if (asked !== null && repo === null)
    throw new ScopeError(`no outcomes for ${asked}, or you cannot read it`);
  const repos = repo === null ? choices : [repo];
  const recent = repo === null ? [] : await store.events({ repos, since: daysAgo(365) });
  const recorded = [...recent].reverse().find((e) => e.detail?.outer_loop !== undefined)?.detail?.outer_loop;
  const settings = recorded ?? OuterLoopSchema.parse({});
  const window = daysOf(query.get('days')?.trim() || null) ?? settings.window_days;
  const events = await store.events({ repos, since: daysAgo(window) });
  return { repos, choices, repo, days: window, events, settings };
}

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString();
}
