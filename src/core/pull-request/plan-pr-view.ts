import { commentWrite } from '../plan/comment-marker.js';
import { labelsPlan, loopLabelDefinitions, MANAGED_LABELS } from '../plan/labels-plan.js';
import { MAX_COMMENT_BODY, type CheckRun, type Plan } from '../plan/plan-schema.js';
import type { Guidance } from './guidance.js';
import type { LoopMemory } from './loop-memory.js';
import { maskSecrets } from '../report/mask-secrets.js';
import { tableCell } from '../report/markdown-text.js';
import type { CiRunView } from './render-red-run.js';
import { withoutLoopMarker, type GateRow, type LoopCommentModel } from './render-loop-comment.js';
import { renderPrComment } from './render-pr-comment.js';
import type { StageView } from './render-stage-rows.js';

/** The `commentWrite` names of the comments a pull request carries from closed-loop. */
const LOOP_COMMENT_NAME = 'loop-comment';
export const REPORT_COMMENT_NAME = 'report';
const HANDOFF_COMMENT_NAME = 'handoff';
export const VERIFICATION_COMMENT_NAME = 'verification';

/** The evidence folded under a red run's diagnosis in the comment: the check run has it whole. */
const COMMENT_EVIDENCE_CHARS = 6000;

export interface PrViewInput {
  headSha: string;
  /** A closed pull request gets its sticky comment updated (when it has one) and nothing else of the view. */
  open: boolean;
  stage: StageView;
  /** The loop's memory after this run or delivery; null before the first CI result. */
  memory: LoopMemory | null;
  labels: {
    /** The labels the pull request carries now. */
    current: readonly string[];
    /** The managed labels it should carry (gates, verdicts); the other managed ones are taken off. */
    wanted: readonly string[];
    /** Which labels this driver manages (the Action only the verdicts; the App all of closed-loop's). */
    managed?: readonly string[];
    /** The gates whose labels may be created. */
    gates?: readonly string[];
  };
  /** The `closed-loop` check run, when the driver writes one (the App). */
  check?: CheckRun;
  /** The sticky comment's parts besides the memory and the stage. */
  comment: Pick<LoopCommentModel, 'limits' | 'runUrl' | 'apply' | 'secrets' | 'lead' | 'pushedSha'> & {
    gates?: readonly GateRow[];
    /** The diagnosis of the head's newest red run without the Action. */
    ci?: CiRunView | null;
    /** A person's guidance for the loop's next run on this head (`/close-loop fix`). */
    guidance?: Guidance;
    /** Hidden blocks written after the memory's (the App's signed state). */
    blocks?: string;
  };
  /** The blocked or dead-letter report (reportComment), once per head. */
  report?: string | null;
  /** The handoff of a merged pull request (renderHandoff), once per pull request. */
  handoff?: string | null;
  /** More writes of this delivery (a reply, a fix notice), after the view's. */
  extra?: Plan;
}

/**
 * The one way a driver writes its view of a pull request: the `closed-loop` check run, the labels, the
 * sticky comment (stage, what is missing, the loop's table and memory, hidden blocks), the report once
 * per head and the handoff once per pull request — the same structure whether the App or the Action
 * alone wrote it. A closed pull request gets its sticky comment updated when it has one, the handoff,
 * and nothing else. Pure: the plan is applied (idempotently) by src/github.
 */
export function planPrView(input: PrViewInput): Plan {
  const plan: Plan = [];
  if (input.open) {
    if (input.check) plan.push(input.check);
    const managed = input.labels.managed ?? MANAGED_LABELS;
    const labels = labelsPlan(input.labels.current, input.labels.wanted, managed);
    if (labels.some((w) => w.kind === 'add_labels'))
      plan.push({ kind: 'ensure_labels', labels: loopLabelDefinitions(input.labels.gates ?? []) });
    plan.push(...labels);
  }
  const sticky = commentWrite(LOOP_COMMENT_NAME, stickyBody(input));
  plan.push(input.open ? sticky : { ...sticky, only_if_exists: true });
  if (input.open && input.report) plan.push(commentWrite(REPORT_COMMENT_NAME, input.report, input.headSha));
  if (input.handoff) plan.push(commentWrite(HANDOFF_COMMENT_NAME, input.handoff));
  plan.push(...(input.extra ?? []));
  return plan;
}

/**
 * The sticky comment's body: a red run's diagnosis with its evidence folded under it; without the
 * evidence, then without the diagnosis (the check run has both) when the comment would pass GitHub's limit.
 */
function stickyBody(input: PrViewInput): string {
  const { comment, memory } = input;
  const view = comment.ci ?? null;
  const render = (sections: string[]): string =>
    renderPrComment({
      memory,
      headSha: input.headSha,
      stage: input.stage,
      ...(comment.gates ? { gates: comment.gates } : {}),
      ...(comment.limits ? { limits: comment.limits } : {}),
      ...(comment.runUrl ? { runUrl: comment.runUrl } : {}),
      ...(comment.apply !== undefined ? { apply: comment.apply } : {}),
      ...(comment.secrets ? { secrets: comment.secrets } : {}),
      ...(comment.lead ? { lead: comment.lead } : {}),
      ...(comment.pushedSha ? { pushedSha: comment.pushedSha } : {}),
      ...(comment.guidance ? { moreRows: [guidanceRow(comment.guidance, comment.secrets ?? [])] } : {}),
      ...(view ? { heading: view.heading, sections } : {}),
    });
  const tries: string[][] =
    view === null
      ? [[]]
      : [
          ...(view.text
            ? [
                [
                  `${view.section}\n\n<details><summary>Evidence</summary>\n\n${view.text.slice(0, COMMENT_EVIDENCE_CHARS)}\n</details>`,
                ],
              ]
            : []),
          [view.section],
          [],
        ];
  const blocks = comment.blocks ? `${comment.blocks}\n` : '';
  let body = '';
  for (const sections of tries) {
    body = `${withoutLoopMarker(render(sections)).trimEnd()}\n${blocks}`;
    if (body.length <= MAX_COMMENT_BODY) break;
  }
  return body;
}

/** `Guidance | from @alice: "…"`: what the loop's next run on this head is told. */
function guidanceRow(g: Guidance, secrets: readonly string[]): [string, string] {
  const words = tableCell(maskSecrets(g.text, secrets), 300).replace(/@(?=[A-Za-z0-9])/g, '@\u200B');
  return ['Guidance', `from @${g.by} for the loop's next run on this head: "${words}"`];
}
