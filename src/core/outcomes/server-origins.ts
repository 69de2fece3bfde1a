import type { OutcomeEvent } from './outcome-event.js';

/**
 * The GitHub each repository's deliveries came from — `https://github.com` or a GitHub Enterprise Server's
 * origin — keyed by the repository in lower case, read from the pull request addresses recorded with
 * its stages (the newest wins). Pages link every pull request of a repository there, not only those whose
 * own address was recorded.
 */
export function serverOrigins(events: readonly OutcomeEvent[]): Record<string, string> {
  const found: Record<string, { origin: string; at: string }> = {};
  for (const e of events) {
    const url = e.detail?.url;
    if (url === undefined) continue;
    const origin = originOf(url);
    const repo = e.repo.toLowerCase();
    const seen = found[repo];
    if (origin !== null && (seen === undefined || e.at >= seen.at)) found[repo] = { origin, at: e.at };
  }
  return Object.fromEntries(Object.entries(found).map(([repo, { origin }]) => [repo, origin]));
}

function originOf(url: string): string | null {
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? origin : null;
  } catch {
    return null;
  }
}
