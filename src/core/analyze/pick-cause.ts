export interface Candidate {
  id: string;
  priority: number;
  confidence: number;
  firstLine: number;
  /** The CI step (a `##[group]Run …` section) the pattern first fired in; 0 for raw tool output. */
  step: number;
}

/**
 * The first real cause among the patterns that fired. The earliest failed step is where the run went
 * wrong; later steps are usually consequences. Within that step, the pattern most likely to be a root
 * cause wins (priority): a missing module explains the failing tests and the "Lifecycle script failed"
 * after it. Confidence, then position, break ties.
 */
export function pickCause<C extends Candidate>(
  candidates: readonly C[],
  failingSteps: ReadonlySet<number> = new Set(),
): C | null {
  // A CI log marks the steps that failed (`##[error]`, `exited with 1`); noise in green steps explains
  // nothing, even when the failing step printed nothing a pattern knows.
  const pool = failingSteps.size > 0 ? candidates.filter((c) => failingSteps.has(c.step)) : candidates;
  if (pool.length === 0) return null;
  const firstStep = Math.min(...pool.map((c) => c.step));
  const inStep = pool.filter((c) => c.step === firstStep);
  return [...inStep].sort(
    (a, b) => b.priority - a.priority || b.confidence - a.confidence || a.firstLine - b.firstLine,
  )[0] as C;
}
