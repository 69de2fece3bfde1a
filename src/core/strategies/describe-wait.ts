/** "waited 5 s before retrying (network-error is retryable)". */
export function describeWait(delayMs: number, pattern: string | null): string {
  const seconds = delayMs / 1000;
  const shown = Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1);
  return `waited ${shown} s before retrying (${pattern ?? 'the failure'} is retryable)`;
}
