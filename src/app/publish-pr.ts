import { describeApplySetting } from '../core/apply/decide-apply-mode.js';
import { decideStage } from '../core/controller/decide-stage.js';
import { GREEN_STAGES } from '../core/controller/pr-stage.js';
import type { StageCause } from '../core/controller/stage-machine.js';
import { evaluateGates, type EvaluatedGate } from '../core/gates/evaluate-gates.js';
import { gateLabels } from '../core/gates/gate-labels.js';
import { renderGateCheck } from '../core/gates/render-gate-check.js';
import type { CiPrState } from '../core/pull-request/ci-state.js';
import { checksBeingRerun } from '../core/pull-request/checks-being-rerun.js';
import { renderGuidanceBlock } from '../core/pull-request/guidance.js';
import { loopLimits } from '../core/pull-request/loop-limits.js';
import type { LoopMemory } from '../core/pull-request/loop-memory.js';
import { planPrView } from '../core/pull-request/plan-pr-view.js';
import { renderCiRun } from '../core/pull-request/render-red-run.js';
import type { GateRow } from '../core/pull-request/render-loop-comment.js';
import type { CheckAnnotation, Plan } from '../core/plan/plan-schema.js';
import { applyPlan } from '../github/apply-plan.js';
import { gateEvents } from '../core/outcomes/outcome-events-for.js';
import type { AppEnv } from './app-env.js';
import { appStageFacts } from './app-stage-facts.js';
import {
  ciStanding,
  latestRun,
  loopStanding,
  standingLabels,
  type AppState,
  type LoopStanding,
} from './app-state.js';
import { autoVerify } from './auto-verify.js';
import { failureLeadFor } from './failure-lead-for.js';
import type { PrSnapshot } from './gather-pr.js';
import type { PrFacts } from './pull-request-facts.js';
import { CI_STATE_BLOCK, GATE_BLOCK } from './read-pr-state.js';
import { recordStage } from './record-stage.js';
import { renderSignedBlock } from './signed-block.js';

export interface PublishInput {
  snapshot: PrSnapshot;
  /** The App's state after this delivery's changes. */
  state: AppState;
  /** The loop's memory after this delivery (a CI result may have added to it). */
  memory: LoopMemory | null;
  /** The event that brought this delivery: what may move the pull request's stage. */
  cause: StageCause;
  /** When the stage moved (default: now; a merge moves it at the merge's time). */
  at?: string;
  /** More writes for this delivery: a reply, a fix notice. */
  extra?: Plan;
  /** The blocked or dead-letter report this delivery brought (once per head). */
  report?: string | null;
  /** The handoff of a merged pull request, written from the state as it stands. */
  handoff?: (state: AppState, evaluated: readonly EvaluatedGate[]) => string;
  runUrl?: string;
  /** The red runs without the Action after this delivery (a red run added one); the snapshot's by default. */
  ci?: CiPrState;
  /** The new red run's file:line errors: a new `closed-loop` check run carries them. */
  annotations?: CheckAnnotation[];
}

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
 * Makes the PR show where it is in its life, all from one snapshot: its stage (decided from the facts,
 * moved through recordStage), the `closed-loop` check run (what is still missing), the gate and verdict
 * labels, the sticky comment with the memory and the signed App state, the verification that runs
 * itself, then any extra writes — all planned by planPrView, the planner the Action uses too.
 * Idempotent: the same snapshot twice sends nothing the second time.
 */
export async function publishPr(env: AppEnv, input: PublishInput): Promise<EvaluatedGate[]> {
  const { snapshot, memory } = input;
  const { pr, config } = snapshot;
  const evaluated = evaluateGates(snapshot.required, input.state.gates, {
    headSha: pr.headSha,
    gatesConfig: config.gates,
  });
  // How long the pull request waits for its human gates: each needed gate, and when it was answered.
  await env.outcomes.record(
    gateEvents(
      { installation: env.installation, repo: `${pr.owner}/${pr.repo}`, pr: pr.number },
      snapshot.required,
      input.state.gates,
      new Date().toISOString(),
    ),
  );
  const standing = loopStanding(memory, input.state);
  const ci = input.ci ?? snapshot.ci;
  // Only the newest red run of this very head is shown: a diagnosis of an older head says nothing about this
  // one.
  const latest = latestRun(ci, pr.headSha);
  const ciStand = ciStanding(latest, input.state);
  const view =
    latest === undefined
      ? null
      : renderCiRun(latest, ciStand === 'resumed' ? { resumedBy: input.state.ci_resumed?.by } : {});
  const checks = checksBeingRerun(snapshot.checks, latest);
  const lead = failureLeadFor(pr, input.state, memory, latest);
  const factsOf = (state: AppState) =>
    appStageFacts({
      snapshot: { ...snapshot, checks },
      evaluated,
      standing,
      memory,
      ci: latest && view ? { entry: latest, view, resumed: ciStand === 'resumed' } : null,
      verification: state.verification,
    });
  const before = decideStage({ ...factsOf(input.state), criteria: null });
  const verified = await autoVerify(env, {
    snapshot,
    state: input.state,
    evaluated,
    standing,
    cause: input.cause,
    green: GREEN_STAGES.includes(before.stage),
  });
  const facts = factsOf(verified.state);
  const decision = decideStage(facts);
  await recordStage(
    env,
    pr,
    {
      previous: verified.state.stage,
      decision,
      cause: input.cause,
      at: input.at ?? new Date().toISOString(),
    },
    async (record, shown) => {
      const state = { ...verified.state, stage: record };
      const check = renderGateCheck({
        headSha: pr.headSha,
        checks,
        gates: evaluated,
        gatesConfig: config.gates,
        ...(CHECK_LOOP[standing] ? { loop: { status: CHECK_LOOP[standing] } } : {}),
        owner: pr.owner,
        ...(view
          ? { ci: { ...view, ...(input.annotations ? { annotations: input.annotations } : {}) } }
          : {}),
        stage: shown,
        lead,
        ...(facts.criteria && facts.criteria.unmet.length > 0 ? { criteria: facts.criteria } : {}),
      });
      // A deep failure of a red run without the Action blocks like the Action's: `loop:blocked` until the
      // head moves, the run passes or a person resumes it.
      const ciBlocked = ciStand === 'blocked' && standing !== 'blocked' ? ['loop:blocked'] : [];
      const blocks = [
        renderSignedBlock(GATE_BLOCK, state, env.secret),
        ...(ci.runs.length > 0 ? [renderSignedBlock(CI_STATE_BLOCK, ci, env.secret)] : []),
        ...(state.guidance ? [renderGuidanceBlock(state.guidance)] : []),
      ].join('\n');
      const plan = planPrView({
        headSha: pr.headSha,
        open: facts.pr.open,
        stage: shown,
        memory,
        labels: {
          current: pr.labels,
          wanted: [...gateLabels(evaluated), ...standingLabels(standing), ...ciBlocked],
          gates: evaluated.map((g) => g.gate),
        },
        check,
        comment: {
          gates: evaluated.map((g): GateRow => ({
            gate: g.gate,
            state: ROW_STATE[g.status],
            by: g.by === undefined ? null : `@${g.by}`,
          })),
          limits: loopLimits(config),
          ...(input.runUrl ? { runUrl: input.runUrl } : {}),
          ci: view,
          lead,
          apply: describeApplySetting(config.apply, {
            isFork: pr.isFork,
            prSwitch: state.apply === null ? null : { on: state.apply.on, by: state.apply.by },
          }),
          ...(state.guidance?.head_sha === pr.headSha ? { guidance: state.guidance } : {}),
          blocks,
        },
        report: input.report ?? null,
        handoff: input.handoff ? input.handoff(state, evaluated) : null,
        extra: [...verified.extra, ...(input.extra ?? [])],
      });
      await applyPlan(env.octokit, target(pr), plan, { log: env.log.info, commentAuthor: env.botLogin });
    },
  );
  return evaluated;
}

export function target(pr: PrFacts): { owner: string; repo: string; issue_number: number } {
  return { owner: pr.owner, repo: pr.repo, issue_number: pr.number };
}
