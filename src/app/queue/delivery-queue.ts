import type { Delivery } from './delivery-key.js';

/** What happened to one delivery, for the log and /metrics. */
export type DeliveryOutcome = 'handled' | 'retrying' | 'parked';

/** Works one delivery; a throw means "try again later" (the queue retries, then parks it). */
export type Work = (delivery: Delivery) => Promise<void>;

export interface QueueObserver {
  outcome(delivery: Delivery, outcome: DeliveryOutcome, error?: unknown): void;
}

/** Where verified deliveries wait for a worker: in process, or on Redis (BullMQ). */
export interface DeliveryQueue {
  /** Records the delivery; resolves once it is safe to answer GitHub (kept in memory, or stored in Redis). */
  add(delivery: Delivery): Promise<void>;
  /** Deliveries recorded and not yet handled or parked. */
  depth(): Promise<number>;
  /** Stops taking work and waits for the deliveries in hand. */
  close(): Promise<void>;
  /** Resolves once deliveries can be recorded; rejects, saying why, when the queue cannot be reached. */
  ready(): Promise<void>;
}

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The wait before the second try; it doubles for each try after. */
  backoffMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, backoffMs: 2000 };
