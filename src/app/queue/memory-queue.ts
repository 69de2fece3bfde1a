import type { Delivery } from './delivery-key.js';
import {
  DEFAULT_RETRY,
  type DeliveryQueue,
  type QueueObserver,
  type RetryPolicy,
  type Work,
} from './delivery-queue.js';

/**
 * The in-process queue (one instance, nothing to install): a chain of promises per key, so deliveries
 * for one pull request run one at a time in arrival order while other pull requests run alongside. A
 * delivery that keeps failing is retried with backoff (its key waits meanwhile: order holds), then
 * parked: logged with its delivery id, to be redelivered from the App's settings page once fixed.
 * Deliveries in memory are lost if the process dies: run on Redis (REDIS_URL) where that matters.
 */
export function createMemoryQueue(
  work: Work,
  observer: QueueObserver,
  retry: RetryPolicy = DEFAULT_RETRY,
): DeliveryQueue {
  const chains = new Map<string, Promise<void>>();
  let pending = 0;
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  async function run(delivery: Delivery): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await work(delivery);
        return observer.outcome(delivery, 'handled');
      } catch (error) {
        if (attempt >= retry.attempts) return observer.outcome(delivery, 'parked', error);
        observer.outcome(delivery, 'retrying', error);
        await sleep(retry.backoffMs * 2 ** (attempt - 1));
      }
    }
  }

  return {
    add(delivery) {
      pending += 1;
      const next = (chains.get(delivery.key) ?? Promise.resolve())
        .then(() => run(delivery))
        .finally(() => {
          pending -= 1;
          if (chains.get(delivery.key) === next) chains.delete(delivery.key);
        });
      chains.set(delivery.key, next);
      return Promise.resolve();
    },
    depth: () => Promise.resolve(pending),
    ready: () => Promise.resolve(),
    async close() {
      await Promise.all([...chains.values()]);
    },
  };
}
