import type { LoopMemory } from '../core/pull-request/loop-memory.js';
import { renderLoopComment, withoutLoopMarker } from '../core/pull-request/render-loop-comment.js';
import type { LoopResult } from '../core/loop-result.js';
import { commentWrite } from '../core/plan/comment-marker.js';
import { labelsPlan, loopLabelDefinitions } from '../core/plan/labels-plan.js';
import { MAX_COMMENT_BODY, type Plan } from '../core/plan/plan-schema.js';
import { maskSecrets } from '../core/report/mask-secrets.js';
import { renderReportComment } from '../core/pull-request/report-comment.js';
import { truncateText } from '../core/report/truncate-text.js';

/** `commentWrite` names: the sticky loop comment's marker is LOOP_COMMENT_MARKER. */
const LOOP_COMMENT_NAME = 'loop-comment';
export const REPORT_COMMENT_NAME = 'report';
/** The labels the Action manages (see MANAGED_LABELS for everything closed-loop may manage). */
const VERDICT_LABELS = ['loop:*'] as const;

export interface PrPlanInput {
  /** The PR's memory after this run (mergeMemory). */
  memory: LoopMemory;
  result: LoopResult;
  /** The head this run evaluated: the report comment's key (once per head). */
  headSha: string;
  /** The PR's labels as the event saw them. */
  labels: readonly string[];
  secrets: readonly string[];
  runUrl?: string;
}

/** The label a verdict puts on the PR: blocked when escalated, dead-letter when failed, none otherwise. */
export function verdictLabels(status: LoopResult['status']): string[] {
  if (status === 'escalated') return ['loop:blocked'];
  if (status === 'failed') return ['loop:dead-letter'];
  return [];
}

/**
 * What the Action writes to the pull request after a run: the sticky loop comment (with the memory),
 * the verdict's label (creating the loop's labels first when one is added; an old verdict label is
 * removed), and the escalation or dead-letter report, once per head SHA.
 */
export function prPlan(input: PrPlanInput): Plan {
  const rendered = renderLoopComment({
    memory: input.memory,
    secrets: input.secrets,
    ...(input.runUrl ? { runUrl: input.runUrl } : {}),
  });
  const body = withoutLoopMarker(rendered);
  const plan: Plan = [commentWrite(LOOP_COMMENT_NAME, body)];
  // Only the verdict labels are the Action's: review gates (needs:*, approved:*) belong to the App.
  const labels = labelsPlan(input.labels, verdictLabels(input.result.status), VERDICT_LABELS);
  if (labels.some((w) => w.kind === 'add_labels'))
    plan.push({ kind: 'ensure_labels', labels: loopLabelDefinitions([]) });
  plan.push(...labels);
  const report = input.result.reports.escalation ?? input.result.reports.dead_letter;
  if (report !== null && input.result.status !== 'success') {
    const text = truncateText(
      renderReportComment(maskSecrets(report, input.secrets)),
      MAX_COMMENT_BODY - 200,
    );
    plan.push(commentWrite(REPORT_COMMENT_NAME, text, input.headSha));
  }
  return plan;
}
