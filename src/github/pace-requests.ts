import { isHttpError } from './github-write-error.js';

export interface PacingOptions {
  /** Least time between two writes (POST, PATCH, PUT, DELETE) of one installation: GitHub asks for 1 s. */
  writeGapMs: number;
  /** Requests of one installation in flight at once (GitHub's secondary limit counts concurrency). */
  maxConcurrent: number;
  /** Retries after a rate limit or a server error, per request. */
  maxRetries: number;
  /** A rate limit asking for a longer wait than this is not waited for: the request fails. */
  maxWaitSeconds: number;
}

const DEFAULT_PACING: PacingOptions = {
  writeGapMs: 1000,
  maxConcurrent: 10,
  maxRetries: 3,
  maxWaitSeconds: 60,
};

/** What the pacing tells the App's /metrics. */
export interface PacingObserver {
  request(method: string, status: number): void;
  rateLimitWait(seconds: number): void;
}

interface Lane {
  nextWriteAt: number;
  active: number;
  waiting: (() => void)[];
}
/** The part of an Octokit (any of its flavours) a plugin wraps. */
interface Hookable {
  hook: {
    wrap(
      name: 'request',
      wrapper: (
        send: (o: never) => { status: number } | Promise<{ status: number }>,
        options: { method: string; url: string },
      ) => Promise<unknown>,
    ): void;
  };
}

// Creating a comment or a check run twice makes a duplicate: after a 5xx the caller looks it up first
// (upsert).
const BLIND_CREATE = /\/issues\/(\d+|\{issue_number\})\/comments$|\/check-runs$/; // the route, or the URL
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * An Octokit plugin that paces and retries per installation (GitHub's limits are per installation,
 * so one busy organisation never slows another): writes at least `writeGapMs` apart, at most
 * `maxConcurrent` requests in flight, a secondary or primary rate limit (403/429) waited out as long
 * as GitHub asks (`retry-after`, `x-ratelimit-reset`), a 5xx retried with backoff; each a bounded
 * number of times. A create GitHub may have stored before failing is not repeated here.
 */
export function paceRequests(options: Partial<PacingOptions> = {}, observer?: PacingObserver) {
  const o = { ...DEFAULT_PACING, ...options };
  const lanes = new Map<string, Lane>();
  return (octokit: Hookable, octokitOptions: { auth?: unknown }): void => {
    const installation = (octokitOptions.auth as { installationId?: number | string } | undefined)
      ?.installationId;
    const laneKey = installation === undefined ? 'app' : String(installation);
    const lane = lanes.get(laneKey) ?? { nextWriteAt: 0, active: 0, waiting: [] };
    lanes.set(laneKey, lane);

    const acquire = async (): Promise<void> => {
      while (lane.active >= o.maxConcurrent) await new Promise<void>((resolve) => lane.waiting.push(resolve));
      lane.active += 1;
    };
    const release = (): void => {
      lane.active -= 1;
      lane.waiting.shift()?.();
    };

    octokit.hook.wrap('request', async (send, request) => {
      const method = request.method.toUpperCase();
      // The App's own token requests run inside another request's slot (the auth hook): never make them queue
      // for one.
      if (/^\/app(\/|$)/.test(request.url)) return send(request as never);
      for (let attempt = 0; ; attempt++) {
        if (method !== 'GET' && method !== 'HEAD' && !request.url.endsWith('/graphql')) {
          const at = Math.max(Date.now(), lane.nextWriteAt);
          lane.nextWriteAt = at + o.writeGapMs;
          if (at > Date.now()) await sleep(at - Date.now());
        }
        await acquire();
        try {
          const response = await send(request as never);
          observer?.request(method, response.status);
          return response;
        } catch (error) {
          const status = isHttpError(error) ? error.status : 0;
          observer?.request(method, status);
          const wait = retryWait(error, attempt);
          const blind = status >= 500 && method === 'POST' && BLIND_CREATE.test(request.url);
          if (wait === null || blind || attempt >= o.maxRetries || wait > o.maxWaitSeconds) throw error;
          if (status === 403 || status === 429) observer?.rateLimitWait(wait);
          await sleep(wait * 1000);
        } finally {
          release();
        }
      }
    });
  };
}

/** Seconds to wait before trying again, or null when trying again cannot help. */
function retryWait(error: unknown, attempt: number): number | null {
  if (!isHttpError(error)) return null;
  const headers = error.response?.headers ?? {};
  const after = Number(headers['retry-after']);
  if (error.status === 403 || error.status === 429) {
    if (Number.isFinite(after) && after >= 0 && headers['retry-after'] !== undefined) return after;
    if (headers['x-ratelimit-remaining'] === '0')
      return Math.max(0, Number(headers['x-ratelimit-reset']) - Math.floor(Date.now() / 1000));
    return /secondary rate limit/i.test(error.message) ? 60 : null;
  }
  if (error.status >= 500)
    return Number.isFinite(after) && headers['retry-after'] !== undefined ? after : 2 ** attempt;
  return null;
}
