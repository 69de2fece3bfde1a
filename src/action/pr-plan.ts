import { decideStage } from '../core/controller/decide-stage.js';
import { resultStageFacts } from '../core/controller/result-stage-facts.js';
import type { LoopMemory } from '../core/pull-request/loop-memory.js';
import type { LoopResult } from '../core/loop-result.js';
import type { Plan } from '../core/plan/plan-schema.js';
import { planPrView } from '../core/pull-request/plan-pr-view.js';
import type { LoopCommentModel } from '../core/pull-request/render-loop-comment.js';
import { loopReport } from '../core/pull-request/report-comment.js';
import { failureLead, renderFailureLead, type BlobBase } from '../core/report/failure-lead.js';

/** The labels the Action manages (see MANAGED_LABELS for everything closed-loop may manage). */
const VERDICT_LABELS = ['loop:*'] as const;

export interface PrPlanInput {
  /** The PR's memory after this run (mergeMemory). */
  memory: LoopMemory;
  result: LoopResult;
  /** The head this run evaluated: the report comment's key (once per head). */
  headSha: string;
  /**
   * The fix commit this run pushed onto the PR's branch, when it pushed: the branch's head now, on which
   * the loop's last checks ran, so the stage names it (green on the fix, not on the head that failed).
   */
  pushedSha?: string | null;
  /** The PR's labels as the event saw them. */
  labels: readonly string[];
  secrets: readonly string[];
  runUrl?: string;
  /** The workflow run's id (GITHUB_RUN_ID), for the report's footer. */
  runId?: number;
  /** The budgets from the config, for the sticky comment's Budget left and Agent rows. */
  limits?: LoopCommentModel['limits'];
  /** Where `file:line` links to (the pull request's head); plain `file:line` when null. */
  blobBase?: BlobBase | null;
}

/** The label a verdict puts on the PR: blocked when escalated, dead-letter when failed, none otherwise. */
export function verdictLabels(status: LoopResult['status']): string[] {
  if (status === 'escalated') return ['loop:blocked'];
  if (status === 'failed') return ['loop:dead-letter'];
  return [];
}

/**
 * What the Action alone writes to the pull request after a run, through the planner the App uses too
 * (planPrView): the verdict's label (creating the loop's labels first when one is added; an old verdict
 * label is removed), the sticky loop comment (the stage, the budget, the memory), and the escalation or
 * dead-letter report once per head SHA. Review gates (needs:*, approved:*) are the App's: never touched.
 */
export function prPlan(input: PrPlanInput): Plan {
  const failure = failureLead(input.result);
  const lead =
    failure === null
      ? null
      : renderFailureLead(failure, { base: input.blobBase ?? null, secrets: input.secrets });
  const stage = decideStage(
    resultStageFacts({
      memory: input.memory,
      headSha: input.pushedSha ?? input.headSha,
      reason: input.result.reason,
    }),
  );
  return planPrView({
    headSha: input.headSha,
    open: true,
    stage,
    memory: input.memory,
    labels: { current: input.labels, wanted: verdictLabels(input.result.status), managed: VERDICT_LABELS },
    comment: {
      secrets: input.secrets,
      ...(input.runUrl ? { runUrl: input.runUrl } : {}),
      ...(input.limits ? { limits: input.limits } : {}),
      ...(input.pushedSha ? { pushedSha: input.pushedSha } : {}),
      lead,
    },
    report: loopReport({
      status: input.result.status,
      reports: input.result.reports,
      run: { id: input.runId ?? null, url: input.runUrl ?? null },
      headSha: input.headSha,
      commands: false,
      secrets: input.secrets,
      lead,
    }),
  });
}
