import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Delivery } from './delivery-key.js';
import {
  DEFAULT_RETRY,
  type DeliveryQueue,
  type QueueObserver,
  type RetryPolicy,
  type Work,
} from './delivery-queue.js';

export const QUEUE_NAME = 'closed-loop-deliveries';
const SEQ = 'closed-loop:seq';
const pendingOf = (key: string) => `closed-loop:pending:${key}`;

export interface RedisQueueOptions {
  url: string;
  retry?: RetryPolicy;
  /** Deliveries this instance works at once (different pull requests). */
  concurrency?: number;
  /** How soon a delivery waiting behind another of its pull request looks again. */
  recheckMs?: number;
  /**
   * How long a delivery stays with an instance that stopped answering (killed, crashed, cut off)
   * before another takes it up: BullMQ's lock, renewed by a live worker every half of it, and its
   * stalled-job check. Default 30 s.
   */
  lockMs?: number;
}

/**
 * The queue on Redis (BullMQ), for several instances behind a load balancer: a delivery is stored
 * before GitHub gets its answer, so a crash or restart loses nothing (a job a dead worker held is
 * taken up again by BullMQ's stalled-job check). Per pull request, a sorted set holds the deliveries
 * not yet done, in arrival order; only its head runs, on whichever instance holds it, and any other
 * goes back to wait a moment: one at a time, in order, across instances. A delivery that keeps
 * failing is retried with backoff (its PR waits), then left in BullMQ's failed set, where
 * `npm start -- queue failed` lists it and `npm start -- queue replay <id|all>` puts it back.
 */
export function createRedisQueue(
  work: Work,
  observer: QueueObserver,
  options: RedisQueueOptions,
): DeliveryQueue {
  const retry = options.retry ?? DEFAULT_RETRY;
  const connection = new Redis(options.url, { maxRetriesPerRequest: null });
  const workerConnection = connection.duplicate({ maxRetriesPerRequest: null });
  // Redis out of reach: ioredis reconnects on its own; deliveries get 503 meanwhile, and jobs wait in Redis.
  for (const c of [connection, workerConnection]) c.on('error', () => {});
  const queue = new Queue<Delivery>(QUEUE_NAME, { connection });
  const recheck = options.recheckMs ?? 200;

  const worker = new Worker<Delivery>(
    QUEUE_NAME,
    async (job, token) => {
      const pending = pendingOf(job.data.key);
      const id = job.id ?? '';
      // A delivery replayed from the failed set was taken off its PR's list when parked: it queues again at
      // the end.
      if ((await connection.zscore(pending, id)) === null)
        await connection.zadd(pending, 'NX', String(await connection.incr(SEQ)), id);
      const [head] = await connection.zrange(pending, '0', '0');
      if (head !== id) {
        if (head !== undefined && (await isGone(queue, head))) await connection.zrem(pending, head);
        await job.moveToDelayed(Date.now() + recheck, token);
        throw new DelayedError();
      }
      try {
        await work(job.data);
      } catch (error) {
        if (job.attemptsMade + 1 >= retry.attempts) {
          await connection.zrem(pending, id);
          observer.outcome(job.data, 'parked', error);
        } else {
          observer.outcome(job.data, 'retrying', error);
        }
        throw error;
      }
      await connection.zrem(pending, id);
      observer.outcome(job.data, 'handled');
    },
    {
      connection: workerConnection,
      concurrency: options.concurrency ?? 16,
      ...(options.lockMs ? { lockDuration: options.lockMs, stalledInterval: options.lockMs } : {}),
    },
  );
  worker.on('error', () => {});

  return {
    async add(delivery) {
      const id = `delivery-${delivery.id}`;
      const pending = pendingOf(delivery.key);
      await connection.zadd(pending, 'NX', String(await connection.incr(SEQ)), id);
      try {
        await queue.add(delivery.name, delivery, {
          jobId: id,
          attempts: retry.attempts,
          backoff: { type: 'exponential', delay: retry.backoffMs },
          removeOnComplete: true,
          removeOnFail: false,
        });
      } catch (error) {
        await connection.zrem(pending, id);
        throw error;
      }
    },
    async depth() {
      const counts = await queue.getJobCounts('wait', 'active', 'delayed', 'prioritized');
      return Object.values(counts).reduce((a, b) => a + b, 0);
    },
    async close() {
      await worker.close();
      await queue.close();
      workerConnection.disconnect();
      connection.disconnect();
    },
  };
}

/** Whether the job at the head of a PR's list will never finish: removed by hand, or parked. */
async function isGone(queue: Queue<Delivery>, id: string): Promise<boolean> {
  const job: Job<Delivery> | undefined = await queue.getJob(id);
  if (job === undefined) return true;
  const state = await job.getState();
  return state === 'failed' || state === 'completed' || state === 'unknown';
}
