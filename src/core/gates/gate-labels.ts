import type { EvaluatedGate } from './evaluate-gates.js';

/**
 * The gate labels the PR should carry: `needs:<gate>-review` while pending, `approved:<gate>` once
 * approved, neither when skipped (the check's output records the skip and its reason). Feed them,
 * with the other wanted labels, to labelsPlan: it removes the managed labels not listed.
 */
export function gateLabels(evaluated: readonly EvaluatedGate[]): string[] {
  return evaluated.flatMap(({ gate, status }) => {
    if (status === 'pending') return [`needs:${gate}-review`];
    if (status === 'approved') return [`approved:${gate}`];
    return [];
  });
}
