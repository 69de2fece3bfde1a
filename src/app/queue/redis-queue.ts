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
  /** How long close() waits for the deliveries in hand before it stops the worker by force (ms). */
  closeGraceMs?: number;
  /** How long connecting to Redis may take before a try counts as failed (ms, default 2000). */
  connectTimeoutMs?: number;
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
  const connectTimeout = options.connectTimeoutMs ?? 2000;
  // The workers' side waits for Redis (ioredis reconnects on its own; jobs wait in Redis meanwhile).
  const connection = new Redis(options.url, { maxRetriesPerRequest: null, connectTimeout });
  const workerConnection = connection.duplicate({ maxRetriesPerRequest: null });
  // The webhook's side fails fast: with Redis out of reach a command throws at once instead of waiting in
  // ioredis's offline queue, so the delivery gets 503 (BullMQ's "failing fast when Redis is down").
  const producer = new Redis(options.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout,
  });
  for (const c of [connection, workerConnection, producer]) c.on('error', () => {});
  const queue = new Queue<Delivery>(QUEUE_NAME, { connection: producer });
  queue.on('error', () => {});
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
      await whenReady(producer, connectTimeout);
      const id = `delivery-${delivery.id}`;
      const pending = pendingOf(delivery.key);
      await producer.zadd(pending, 'NX', String(await producer.incr(SEQ)), id);
      try {
        await queue.add(delivery.name, delivery, {
          jobId: id,
          attempts: retry.attempts,
          backoff: { type: 'exponential', delay: retry.backoffMs },
          removeOnComplete: true,
          removeOnFail: false,
        });
      } catch (error) {
        await producer.zrem(pending, id).catch(() => undefined);
        throw error;
      }
    },
    ready: () => whenReady(producer, connectTimeout),
    async depth() {
      const counts = await queue.getJobCounts('wait', 'active', 'delayed', 'prioritized');
      return Object.values(counts).reduce((a, b) => a + b, 0);
    },
    async close() {
      // With Redis out of reach a graceful close would wait for it forever: the deliveries in hand get a
      // moment, then the worker is closed by force (its jobs stay in Redis, taken up again after their lock).
      const closing = worker.close();
      const forced = await Promise.race([
        closing.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(resolve, options.closeGraceMs ?? 5000, true).unref()),
      ]);
      if (forced) await Promise.race([worker.close(true), new Promise((r) => setTimeout(r, 1000).unref())]);
      for (const c of [workerConnection, connection, producer]) c.disconnect();
      await Promise.race([queue.close(), new Promise((r) => setTimeout(r, 1000).unref())]);
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

/**
 * Resolves once `redis` is connected, or rejects after `ms`: a connection still being made (just after
 * start, or while ioredis reconnects) gets that long, never longer, before a delivery is answered 503.
 */
function whenReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`Redis is not reachable (no connection within ${ms} ms)`));
    }, ms);
    const onReady = (): void => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}
