import type { RunEntry } from './ci-state.js';

/**
 * The head's checks as they stand while the App's re-run of a red run's failed jobs is on: GitHub keeps
 * listing the failed attempt's check runs until the new attempt's jobs are queued, so those of the
 * re-run jobs count as running. Without this, the `closed-loop` check said `failure` right after the
 * App had started the re-run that was to decide it. Any other check keeps its conclusion.
 */
export function checksBeingRerun<T extends { name: string; conclusion: string | null }>(
  checks: T[],
  latest: RunEntry | undefined,
): T[] {
  if (latest?.verdict !== 'rerun') return checks;
  const rerun = new Set(latest.jobs.map((j) => j.job));
  return checks.map((c) => (c.conclusion !== null && rerun.has(c.name) ? { ...c, conclusion: null } : c));
}
