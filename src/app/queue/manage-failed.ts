import { Queue, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_NAME } from './redis-queue.js';

/**
 * `npm start -- queue failed` lists the parked deliveries (BullMQ's failed set) with why they failed;
 * `npm start -- queue replay <id|all>` puts them back in the queue, where they wait their PR's turn.
 */
export async function manageFailed(
  redisUrl: string,
  args: string[],
  print: (line: string) => void,
): Promise<number> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(QUEUE_NAME, { connection });
  try {
    const failed = await queue.getFailed(0, 999);
    if (args[0] === 'failed') {
      if (failed.length === 0) print('no parked deliveries');
      for (const job of failed)
        print(
          `${job.id}\t${job.name}\t${(job.data as { key?: string }).key ?? ''}\t${job.attemptsMade} tries\t${(job.failedReason ?? '').split('\n')[0]}`,
        );
      return 0;
    }
    if (args[0] === 'replay' && args[1] !== undefined) {
      // The id as `queue failed` lists it (delivery-<id>), or GitHub's delivery id alone.
      const ids = [args[1], `delivery-${args[1]}`];
      const chosen = args[1] === 'all' ? failed : failed.filter((job) => ids.includes(job.id ?? ''));
      if (chosen.length === 0) {
        // Replayed already, or still being tried: say so rather than "no such delivery".
        const job = args[1] === 'all' ? undefined : await firstJob(queue, ids);
        const state = job === undefined ? undefined : await job.getState();
        return (
          print(
            state !== undefined && state !== 'unknown'
              ? `delivery ${job?.id} is not parked (it is ${state}: in the queue already); nothing to replay`
              : `no parked delivery ${args[1]}; \`npm start -- queue failed\` lists them`,
          ),
          2
        );
      }
      for (const job of chosen) await job.retry('failed');
      print(`replayed ${chosen.length} deliver${chosen.length === 1 ? 'y' : 'ies'}`);
      return 0;
    }
    print('usage: npm start -- queue failed | queue replay <delivery id|all>');
    return 2;
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

async function firstJob(queue: Queue, ids: readonly string[]): Promise<Job | undefined> {
  for (const id of ids) {
    const job = (await queue.getJob(id)) as Job | undefined;
    if (job !== undefined) return job;
  }
  return undefined;
}
