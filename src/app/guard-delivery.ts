import type { Context } from 'probot';
import { GitHubWriteError, isHttpError } from '../github/github-write-error.js';

/**
 * Runs one delivery's handler. A GitHub refusal (a branch deleted meanwhile, a permission the
 * installation lacks, a rate limit), GitHub out of reach, or credentials GitHub does not accept end in
 * one log line saying what to do, and a handled delivery: retrying would fail the same way, and the
 * next event reads everything afresh. A passing failure (GitHub's 5xx, a rate limit) is rethrown for
 * the queue to retry the delivery later. Anything else is our bug, rethrown too. The queue logs each
 * failed try in one line (a bug's asks for a report), then parks the delivery after its last try.
 */
export async function guardDelivery(
  context: Pick<Context, 'id' | 'name' | 'payload' | 'log'>,
  handler: () => Promise<void>,
): Promise<void> {
  const event = `${context.name}${'action' in context.payload && typeof context.payload.action === 'string' ? `.${context.payload.action}` : ''}`;
  const where = `${event} (delivery ${context.id})`;
  try {
    await handler();
  } catch (error) {
    // The queue writes the one line of a try that failed (retried, or parked after the last).
    if (isPassing(error)) throw error;
    if (error instanceof GitHubWriteError)
      return context.log.warn(`${where}: GitHub said no: ${error.message}`);
    const problem = setUpProblem(error);
    if (problem !== null) return context.log[problem.level](`${where}: ${problem.line}`);
    throw error;
  }
}

/**
 * A failure that trying again later can cure: GitHub's 5xx, no answer at all, or a rate limit still in
 * force after the client's own waits. The queue retries the delivery with backoff, then parks it.
 */
export function isPassing(error: unknown): boolean {
  if (error instanceof GitHubWriteError)
    return (
      error.code === 'rate_limited' ||
      (error.status === undefined ? error.code === 'failed' : error.status >= 500)
    );
  return isHttpError(error) && (error.status >= 500 || error.status === 429);
}

/** The App's own credentials or GitHub's reachability, as opposed to our bug; null when it is neither. */
function setUpProblem(error: unknown): { level: 'warn' | 'error'; line: string } | null {
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  if (isHttpError(error)) {
    if (error.status === 401) {
      return {
        level: 'error',
        line: `GitHub refused the App's credentials (401: ${message}): check that APP_ID and the private key (PRIVATE_KEY or PRIVATE_KEY_PATH) are the ones on the App's settings page`,
      };
    }
    if (error.status >= 500 || /fetch failed|ECONNREFUSED|ENOTFOUND|ETIMEDOUT|socket/i.test(message)) {
      return {
        level: 'warn',
        line: `GitHub could not be reached or failed (${error.status}: ${message}); nothing was changed; the next delivery reads everything again, or redeliver this one from the App's settings`,
      };
    }
    return {
      level: 'warn',
      line: `GitHub said no (${error.status}: ${message}); nothing more was done for this delivery`,
    };
  }
  if (error instanceof Error && (error.name === 'DataError' || /keyData|private key|PEM/i.test(message))) {
    return {
      level: 'error',
      line: `the App's private key cannot sign its token (${message}): set PRIVATE_KEY_PATH to the .pem file from the App's settings page, or PRIVATE_KEY to its contents`,
    };
  }
  return null;
}
