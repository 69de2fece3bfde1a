import { describeWait } from '../../core/strategies/describe-wait.js';
import { makeOutcome, type StrategyOutcome } from '../../core/strategies/strategy-outcome.js';
import type { StrategyInput } from './strategy-input.js';

/**
 * Sleeps `delayMs`; resolves false at once when `signal` aborts (before or during the wait), true otherwise.
 */
export function backoffWait(delayMs: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve(true);
      },
      Math.max(0, delayMs),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** retry_with_backoff: waits the loop engine's delay, changes nothing; the driver then re-evaluates. */
export async function retryWithBackoff(input: StrategyInput): Promise<StrategyOutcome> {
  const strategy = 'retry_with_backoff';
  const delayMs = input.delayMs ?? 0;
  const started = Date.now();
  let waited: boolean;
  if (input.sleep) {
    await input.sleep(delayMs, input.signal);
    waited = !input.signal?.aborted;
  } else {
    waited = await backoffWait(delayMs, input.signal);
  }
  if (!waited) {
    return makeOutcome({
      strategy,
      applied: false,
      action: `the wait was cancelled after ${Math.round((Date.now() - started) / 1000)} s`,
    });
  }
  return makeOutcome({ strategy, applied: true, action: describeWait(delayMs, input.diagnosis.pattern) });
}
