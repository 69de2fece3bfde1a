/** The part of an Octokit a hook wraps (Probot's per-delivery client, or any other). */
interface Hookable { hook: { wrap(name: 'request', wrapper: (send: (o: never) => unknown, options: { method: string; url: string; [k: string]: unknown }) => Promise<unknown>): void } }

/** What a write can change, by the resource in its route; null: anything. */
const FAMILIES = ['/comments', '/labels', '/check-runs', '/git/'];
const familyOf = (url: string): string | null => FAMILIES.find((f) => url.includes(f)) ?? null;

/**
 * Makes one client answer a GET it already made from memory until it writes what that GET read: a
 * delivery reads the PR's comments, checks and labels in several places, and reading them again from
 * GitHub in between says nothing new. For one delivery's client only: a write to comments forgets the
 * comments read, a write to anything else it cannot place forgets everything.
 */
export function reuseReads(octokit: Hookable): void {
  const seen = new Map<string, Promise<unknown>>();
  octokit.hook.wrap('request', (send, options) => {
    if (options.url.endsWith('/graphql')) return Promise.resolve(send(options as never)); // a query, not a write
    if (options.method.toUpperCase() !== 'GET') {
      const family = familyOf(options.url);
      for (const key of seen.keys()) if (family === null || familyOf(key) === family) seen.delete(key);
      return Promise.resolve(send(options as never));
    }
    const key = `${options.url} GET ${JSON.stringify({ ...options, request: undefined })}`; // not the transport (fetch, hooks)
    const known = seen.get(key);
    if (known !== undefined) return known;
    const answer = Promise.resolve(send(options as never));
    seen.set(key, answer);
    answer.catch(() => seen.delete(key)); // a failure is not remembered
    return answer;
  });
}
