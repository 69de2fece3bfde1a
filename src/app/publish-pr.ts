import { describeApplySetting } from '../core/apply/decide-apply-mode.js';
import { evaluateGates, type EvaluatedGate } from '../core/gates/evaluate-gates.js';
import { gateLabels } from '../core/gates/gate-labels.js';
import { renderGateCheck } from '../core/gates/render-gate-check.js';
import type { CiPrState } from '../core/pull-request/ci-state.js';
import type { LoopMemory } from '../core/pull-request/loop-memory.js';
import { renderCiRun, type CiRunView } from '../core/pull-request/render-red-run.js';
import { withoutLoopMarker, type GateRow } from '../core/pull-request/render-loop-comment.js';
import { renderPrComment } from '../core/pull-request/render-pr-comment.js';
import { commentWrite } from '../core/plan/comment-marker.js';
import { labelsPlan, loopLabelDefinitions } from '../core/plan/labels-plan.js';
import { MAX_COMMENT_BODY, type CheckAnnotation, type Plan } from '../core/plan/plan-schema.js';
import { applyPlan } from '../github/apply-plan.js';
import { gateEvents } from '../core/outcomes/outcome-events-for.js';
import { GATE_CHECK_NAME, type AppEnv } from './app-env.js';
import { loopStanding, standingLabels, type AppState, type LoopStanding } from './app-state.js';
import type { PrSnapshot } from './gather-pr.js';
import { where, type PrFacts } from './pull-request-facts.js';
import { CI_STATE_BLOCK, GATE_BLOCK } from './read-pr-state.js';
import { renderSignedBlock } from './signed-block.js';

/** The `commentWrite` name of the sticky loop comment (its marker is LOOP_COMMENT_MARKER). */
export const LOOP_COMMENT_NAME = 'loop-comment';

export interface PublishInput {
  snapshot: PrSnapshot;
  /** The App's state after this delivery's changes. */
  state: AppState;
  /** The loop's memory after this delivery (a CI result may have added to it). */
  memory: LoopMemory | null;
  /** More writes for this delivery: a reply, a report. */
  extra?: Plan;
  runUrl?: string;
  /** The red runs without the Action after this delivery (a red run added one); the snapshot's by default. */
  ci?: CiPrState;
  /** The new red run's file:line errors: a new `closed-loop` check run carries them. */
  annotations?: CheckAnnotation[];
}

/** The evidence folded under the diagnosis in the comment: the check run has it whole. */
const COMMENT_EVIDENCE_CHARS = 6000;

/** The loop's standing as the gate check shows it (the `/close-loop status` reply shows the same). */
export const CHECK_LOOP: Partial<Record<LoopStanding, 'success' | 'blocked' | 'dead_letter'>> = {
  success: 'success',
  blocked: 'blocked',
  failed: 'dead_letter',
};
const ROW_STATE: Record<EvaluatedGate['status'], GateRow['state']> = {
  pending: 'needed',
  approved: 'approved',
  skipped: 'skipped',
};

/**
 * Makes the PR show the loop's state, all from one snapshot: the `closed-loop` check run (what is
 * still missing), the gate and verdict labels, and the sticky comment with the memory and the signed
 * App state; then any extra writes. Idempotent: the same snapshot twice sends nothing the second time.
 */
export async function publishPr(env: AppEnv, input: PublishInput): Promise<EvaluatedGate[]> {
  const { snapshot, state, memory } = input;
  const { pr, config } = snapshot;
  const evaluated = evaluateGates(snapshot.required, state.gates, {
    headSha: pr.headSha,
    gatesConfig: config.gates,
  });
  // How long the pull request waits for its human gates: each needed gate, and when it was answered.
  await env.outcomes.record(
    gateEvents(
      { installation: env.installation, repo: `${pr.owner}/${pr.repo}`, pr: pr.number },
      snapshot.required,
      state.gates,
      new Date().toISOString(),
    ),
  );
  const standing = loopStanding(memory, state);
  const ci = input.ci ?? snapshot.ci;
  // Only the newest red run of this very head is shown: a diagnosis of an older head says nothing about this
  // one.
  const latest = ci.runs.filter((r) => r.head === pr.headSha).at(-1);
  const view = latest === undefined ? null : renderCiRun(latest);
  const plan: Plan = [
    renderGateCheck({
      headSha: pr.headSha,
      checks: snapshot.checks,
      gates: evaluated,
      gatesConfig: config.gates,
      ...(CHECK_LOOP[standing] ? { loop: { status: CHECK_LOOP[standing] } } : {}),
      owner: pr.owner,
      ...(view ? { ci: { ...view, ...(input.annotations ? { annotations: input.annotations } : {}) } } : {}),
    }),
  ];
  // A deep failure of a red run without the Action blocks like the Action's: `loop:blocked` until the head
  // moves or the run passes.
  const ciBlocked = latest?.verdict === 'deep' && standing !== 'blocked' ? ['loop:blocked'] : [];
  const labels = labelsPlan(pr.labels, [...gateLabels(evaluated), ...standingLabels(standing), ...ciBlocked]);
  if (labels.some((w) => w.kind === 'add_labels'))
    plan.push({ kind: 'ensure_labels', labels: loopLabelDefinitions(evaluated.map((g) => g.gate)) });
  plan.push(...labels);
  const rows = evaluated.map((g): GateRow => ({
    gate: g.gate,
    state: ROW_STATE[g.status],
    by: g.by === undefined ? null : `@${g.by}`,
  }));
  const render = (sections: string[]) =>
    renderPrComment({
      memory,
      headSha: pr.headSha,
      gates: rows,
      limits: {
        maxAttempts: config.retry.max_total_failures,
        maxBotPushes: config.loop_guard.max_fix_commits,
        maxAgentRuns: config.agent.max_runs.per_pull_request,
      },
      ...(standing === 'resumed'
        ? { stage: 'Resumed: a person cleared BLOCKED; the next CI run goes on' }
        : {}),
      ...(input.runUrl ? { runUrl: input.runUrl } : {}),
      ...(view
        ? {
            heading: view.heading,
            ...(memory === null && standing !== 'resumed' ? { stage: view.title } : {}),
            sections,
          }
        : {}),
      apply: describeApplySetting(config.apply, {
        isFork: pr.isFork,
        prSwitch: state.apply === null ? null : { on: state.apply.on, by: state.apply.by },
      }),
    });
  const ciBlock = ci.runs.length > 0 ? `${renderSignedBlock(CI_STATE_BLOCK, ci, env.secret)}\n` : '';
  const body = stickyBody(render, view, `${renderSignedBlock(GATE_BLOCK, state, env.secret)}\n${ciBlock}`);
  plan.push(commentWrite(LOOP_COMMENT_NAME, body), ...(input.extra ?? []));
  await applyPlan(env.octokit, target(pr), plan, { log: env.log.info, commentAuthor: env.botLogin });
  return evaluated;
}

/**
 * The sticky comment's body: the red run's diagnosis with its evidence folded under it; without the
 * evidence, then without the diagnosis (the check run has both) when the comment would pass GitHub's limit.
 */
function stickyBody(render: (sections: string[]) => string, view: CiRunView | null, blocks: string): string {
  const tries =
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
  let body = '';
  for (const sections of tries) {
    body = `${withoutLoopMarker(render(sections)).trimEnd()}\n${blocks}`;
    if (body.length <= MAX_COMMENT_BODY) break;
  }
  return body;
}

/** An invalid config fails the check with the located message; nothing else on the PR changes. */
export async function publishConfigError(
  env: AppEnv,
  pr: PrFacts,
  message: string,
  extra: Plan = [],
): Promise<void> {
  env.log.warn(`${where(pr)}: ${message}`);
  const plan: Plan = [
    {
      kind: 'check_run',
      name: GATE_CHECK_NAME,
      head_sha: pr.headSha,
      status: 'completed',
      conclusion: 'failure',
      output: {
        title: 'Invalid closed-loop config',
        summary: `closed-loop could not read its configuration from the default branch (\`${pr.defaultBranch}\`):\n\n\`\`\`\n${message.slice(0, 2000)}\n\`\`\`\n\nFix the file on the default branch; a pull request cannot change the config its own gates are checked with.`,
      },
    },
    ...extra,
  ];
  await applyPlan(env.octokit, target(pr), plan, { log: env.log.info, commentAuthor: env.botLogin });
}

export function target(pr: PrFacts): { owner: string; repo: string; issue_number: number } {
  return { owner: pr.owner, repo: pr.repo, issue_number: pr.number };
}
