import { describeFailure } from '../core/dead-letter/describe-failure.js';
import type { RedRunOutcome } from '../core/outcomes/outcome-events-for.js';
import type { RunEntry } from '../core/pull-request/ci-state.js';
import type { JobRead, RedRunDecision } from '../core/pull-request/decide-red-run.js';
import type { PlainRun } from './find-run-pull-request.js';

/**
 * A red run the App diagnosed, as the outcome history records it (redRunEvents): its verdict, the pattern
 * of its main failed job, the failed jobs with the tests their logs named, and — when nothing fixes it —
 * the failure's summary, kept for pattern candidates.
 */
export function redRunOutcome(input: {
  /** Who the failure belongs to, as a dead letter names it (`owner/repo#12`). */
  taskId: string;
  run: PlainRun;
  decision: Pick<RedRunDecision, 'verdict' | 'why'>;
  reads: readonly JobRead[];
  /** An earlier attempt of this run was red and re-run. */
  afterRerun: boolean;
}): RedRunOutcome {
  const { decision, reads, run } = input;
  const main = reads.find((r) => r.diagnosis?.pattern) ?? reads.find((r) => r.diagnosis !== null);
  return {
    verdict: decision.verdict,
    why: decision.why,
    pattern: main?.diagnosis?.pattern ?? null,
    summary:
      decision.verdict === 'deep' && main?.diagnosis
        ? describeFailure({
            taskId: input.taskId,
            originalTask: `${run.workflow} / ${main.name}`,
            attempts: [],
            finalDiagnosis: main.diagnosis,
            blockedAt: run.completedAt,
            blockedReason: decision.why,
          })
        : null,
    afterRerun: input.afterRerun,
    jobs: reads.map((r) => ({ job: r.name, tests: r.tests.slice(0, 50) })),
  };
}

/** A red attempt (`before`) that passed on re-run `attempt` at the same commit: flaky, with its tests. */
export function flakyRescueOutcome(before: RunEntry, attempt: number): RedRunOutcome {
  return {
    verdict: 'flaky',
    why: `passed on re-run (attempt ${attempt}) at the same commit`,
    pattern: before.jobs.find((j) => j.pattern !== null)?.pattern ?? null,
    summary: null,
    afterRerun: true,
    jobs: before.jobs.map((j) => ({ job: j.job.slice(0, 200), tests: j.tests.slice(0, 50) })),
  };
}
