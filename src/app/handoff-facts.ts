import type { HandoffFacts } from '../core/controller/handoff.js';
import { renderHandoff } from '../core/controller/handoff.js';
import type { EvaluatedGate } from '../core/gates/evaluate-gates.js';
import type { CiPrState } from '../core/pull-request/ci-state.js';
import type { AppState } from './app-state.js';
import type { PrSnapshot } from './gather-pr.js';

/**
 * The handoff comment of a merged pull request, from what GitHub holds: the loop's memory (its fix
 * commits, the fixes each carries and their strategies; those `/close-loop undo` reverted apart), the App's
 * red-run state and the merge queue's (re-runs that turned flaky failures green), the
 * gates as they stood at the merge, the last verification, and the stage record's time to green.
 */
export function handoffFor(
  snapshot: PrSnapshot,
  state: AppState,
  evaluated: readonly EvaluatedGate[],
  queued: CiPrState = { runs: [] },
): string {
  const { pr, memory, ci } = snapshot;
  // The attempt a fix commit names made it; when that attempt shows no strategy (the App's one commit of
  // several fixes names the last attempt, the passing one), the last strategy tried before it did.
  const madeBy = (n: number) =>
    (memory?.attempts ?? []).filter((a) => a.attempt <= n && a.strategy_used !== null).at(-1);
  const v = state.verification;
  const facts: HandoffFacts = {
    number: pr.number,
    mergedBy: pr.mergedBy,
    openedAt: pr.createdAt,
    mergedAt: pr.mergedAt ?? pr.createdAt,
    greenAt: state.stage?.green_at ?? null,
    headSha: pr.headSha,
    fixes: (memory?.fix_commits ?? []).map((c) => {
      const carried = c.fixes ?? [];
      const last = carried.at(-1);
      const undone = state.undone.find((u) => u.sha === c.sha);
      return {
        sha: c.sha,
        attempt: c.attempt,
        ...(last
          ? { strategy: last.strategy, pattern: last.pattern, also: carried.slice(0, -1) }
          : {
              strategy: madeBy(c.attempt)?.strategy_used ?? null,
              pattern: madeBy(c.attempt)?.pattern_matched ?? null,
            }),
        ...(undone ? { undone: { by: undone.by, revert: undone.revert } } : {}),
      };
    }),
    reruns: [
      ...ci.runs.map((r) => ({ r, queue: false })),
      ...queued.runs
        .filter((q) => !ci.runs.some((r) => r.run === q.run && r.attempt === q.attempt))
        .map((r) => ({ r, queue: true })),
    ]
      .filter(({ r }) => r.verdict === 'flaky')
      .map(({ r, queue }) => ({
        workflow: r.workflow,
        jobs: r.jobs.map((j) => j.job),
        pattern: r.jobs.find((j) => j.pattern !== null)?.pattern ?? null,
        ...(queue ? { queue } : {}),
      })),
    gates: evaluated.map((g) => ({
      gate: g.gate,
      status: g.status,
      ...(g.by ? { by: g.by } : {}),
      ...(g.via ? { via: g.via } : {}),
      ...(g.reason ? { reason: g.reason } : {}),
    })),
    criteria:
      v === null || v.criteria.length === 0
        ? null
        : { headSha: v.head_sha, verdict: v.verdict, items: v.criteria },
    artifacts: v?.artifacts ?? [],
  };
  return renderHandoff(facts);
}
