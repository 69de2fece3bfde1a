import { retry as retryPlugin } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import { GitHubWriteError } from './github-write-error.js';

const ClosedLoopOctokit = Octokit.plugin(retryPlugin, throttling);
export type GitHubClient = InstanceType<typeof ClosedLoopOctokit>;

export interface GitHubClientOptions {
  token: string;
  /** For GitHub Enterprise Server: `https://HOST/api/v3`. */
  baseUrl?: string;
  userAgent?: string;
  /** Retry server errors (5xx) a few times. Default true; tests turn it off. */
  retry?: boolean;
  /** Queue writes and honour rate limits. Default true; tests turn it off. */
  throttle?: boolean;
  /** Replaces the global fetch (tests, proxies). */
  fetch?: typeof fetch;
  /** Where warnings go (rate limits, retries). Default: stderr. */
  log?: (line: string) => void;
  /** The longest wait for a primary rate limit before giving up. Default 60 s. */
  maxRateLimitWaitSeconds?: number;
}

interface LimitedRequest {
  method: string;
  url: string;
}
type LimitHandler = (
  retryAfter: number,
  options: LimitedRequest,
  octokit: unknown,
  retryCount: number,
) => boolean;

/**
 * The throttling policy: on a secondary rate limit, log and retry once after the time GitHub gives;
 * on a primary limit, retry once only when the reset is near. Never more: no crash loop.
 */
export function rateLimitHandlers(
  log: (line: string) => void,
  maxWaitSeconds = 60,
): { onSecondaryRateLimit: LimitHandler; onRateLimit: LimitHandler } {
  return {
    onSecondaryRateLimit: (retryAfter, options, _octokit, retryCount) => {
      const request = `${options.method} ${options.url}`;
      if (retryCount < 1) {
        log(`GitHub secondary rate limit on ${request}: waiting ${retryAfter} s, then retrying once`);
        return true;
      }
      log(`GitHub secondary rate limit on ${request} again after a retry: giving up`);
      return false;
    },
    onRateLimit: (retryAfter, options, _octokit, retryCount) => {
      const request = `${options.method} ${options.url}`;
      if (retryCount < 1 && retryAfter <= maxWaitSeconds) {
        log(`GitHub rate limit on ${request}: waiting ${retryAfter} s, then retrying once`);
        return true;
      }
      log(`GitHub rate limit on ${request}: it resets in ${retryAfter} s; giving up`);
      return false;
    },
  };
}

/** An Octokit with retry and throttling, the only way closed-loop talks to GitHub. */
export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  if (!options.token.trim()) {
    throw new GitHubWriteError(
      'no GitHub token: pass the `token` input (e.g. secrets.GITHUB_TOKEN) or set GITHUB_TOKEN.',
      'unauthorized',
    );
  }
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const throttle = options.throttle ?? true;
  return new ClosedLoopOctokit({
    auth: options.token,
    baseUrl: options.baseUrl ?? 'https://api.github.com',
    userAgent: options.userAgent ?? 'closed-loop',
    ...(options.fetch ? { request: { fetch: options.fetch } } : {}),
    retry: { enabled: options.retry ?? true },
    throttle: throttle
      ? { enabled: true, ...rateLimitHandlers(log, options.maxRateLimitWaitSeconds) }
      : { enabled: false },
    log: { debug: () => {}, info: () => {}, warn: (m: string) => log(m), error: (m: string) => log(m) },
  });
}
