/**
 * The retry policy, as the config file spells it (snake_case). A structural type: the config schema
 * (owned elsewhere) only has to produce an object of this shape.
 */
export type RetryPolicy = {
  /** The fallback retry budget when neither the task nor the pattern sets one. */
  max_retries: number;
  /** How many times in a row the same error may come back before the loop escalates. */
  same_error_retries: number;
  /** Failed attempts plus failed fixes, over the whole loop, before it is dead-lettered. */
  max_total_failures: number;
  backoff: { initial_seconds: number; factor: number; max_seconds: number };
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  max_retries: 3,
  same_error_retries: 2,
  max_total_failures: 10,
  backoff: { initial_seconds: 5, factor: 2, max_seconds: 300 },
};

/** The seed's `5s * 2^(attempt-1)`: `initial · factor^(n-1)` seconds, capped at `max_seconds`, in ms. */
export function backoffDelayMs(policy: RetryPolicy, attempt: number): number {
  const { initial_seconds, factor, max_seconds } = policy.backoff;
  const n = Math.max(1, Math.floor(attempt));
  const seconds = Math.min(initial_seconds * Math.pow(factor, n - 1), max_seconds);
  return Math.round(seconds * 1000);
}
