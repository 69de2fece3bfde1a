import type { Context } from 'probot';
import { GitHubWriteError } from '../github/github-write-error.js';

/**
 * Runs one delivery's handler. A GitHub error (a branch deleted meanwhile, a permission the
 * installation lacks, a rate limit) ends in one clear log line and a handled delivery: retrying it
 * would fail the same way, and the next event shows the state afresh. Anything else is our bug:
 * logged with the delivery's id and a request for a report, and rethrown so the delivery is marked
 * failed on GitHub (where it can be redelivered once fixed).
 */
export async function guardDelivery(context: Pick<Context, 'id' | 'name' | 'payload' | 'log'>, handler: () => Promise<void>): Promise<void> {
  const event = `${context.name}${'action' in context.payload && typeof context.payload.action === 'string' ? `.${context.payload.action}` : ''}`;
  try {
    await handler();
  } catch (error) {
    if (error instanceof GitHubWriteError) {
      context.log.warn(`${event} (delivery ${context.id}): GitHub said no: ${error.message}`);
      return;
    }
    context.log.error({ err: error }, `${event} (delivery ${context.id}): closed-loop failed; this is a bug, please report it with this log line`);
    throw error;
  }
}
