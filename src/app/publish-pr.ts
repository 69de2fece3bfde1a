import { describeApplySetting } from '../core/apply/decide-apply-mode.js';
import { evaluateGates, type EvaluatedGate } from '../core/gates/evaluate-gates.js';
import { gateLabels } from '../core/gates/gate-labels.js';
import { renderGateCheck } from '../core/gates/render-gate-check.js';
import type { LoopMemory } from '../core/github/loop-memory.js';
import { withoutLoopMarker, type GateRow } from '../core/github/render-loop-comment.js';
import { renderPrComment } from '../core/github/render-pr-comment.js';
import { commentWrite } from '../core/plan/comment-marker.js';
import { labelsPlan, loopLabelDefinitions } from '../core/plan/labels-plan.js';
import type { Plan } from '../core/plan/plan-schema.js';
import { applyPlan } from '../github/apply-plan.js';
import { GATE_CHECK_NAME, type AppEnv } from './app-env.js';
import { loopStanding, standingLabels, type AppState, type LoopStanding } from './app-state.js';
import type { PrSnapshot } from './gather-pr.js';
import { where, type PrFacts } from './pull-request-facts.js';
import { GATE_BLOCK } from './read-pr-state.js';
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
}

/** The loop's standing as the gate check shows it (the `/close-loop status` reply shows the same). */
export const CHECK_LOOP: Partial<Record<LoopStanding, 'success' | 'blocked' | 'dead_letter'>> = { success: 'success', blocked: 'blocked', failed: 'dead_letter' };
const ROW_STATE: Record<EvaluatedGate['status'], GateRow['state']> = { pending: 'needed', approved: 'approved', skipped: 'skipped' };

/**
 * Makes the PR show the loop's state, all from one snapshot: the `closed-loop` check run (what is
 * still missing), the gate and verdict labels, and the sticky comment with the memory and the signed
 * App state; then any extra writes. Idempotent: the same snapshot twice sends nothing the second time.
 */
export async function publishPr(env: AppEnv, input: PublishInput): Promise<EvaluatedGate[]> {
  const { snapshot, state, memory } = input;
  const { pr, config } = snapshot;
  const evaluated = evaluateGates(snapshot.required, state.gates, { headSha: pr.headSha, gatesConfig: config.gates });
  const standing = loopStanding(memory, state);
  const plan: Plan = [renderGateCheck({
    headSha: pr.headSha, checks: snapshot.checks, gates: evaluated, gatesConfig: config.gates,
    ...(CHECK_LOOP[standing] ? { loop: { status: CHECK_LOOP[standing] } } : {}), owner: pr.owner,
  })];
  const labels = labelsPlan(pr.labels, [...gateLabels(evaluated), ...standingLabels(standing)]);
  if (labels.some((w) => w.kind === 'add_labels')) plan.push({ kind: 'ensure_labels', labels: loopLabelDefinitions(evaluated.map((g) => g.gate)) });
  plan.push(...labels);
  const rows = evaluated.map((g): GateRow => ({ gate: g.gate, state: ROW_STATE[g.status], by: g.by === undefined ? null : `@${g.by}` }));
  const rendered = renderPrComment({
    memory, headSha: pr.headSha, gates: rows, limits: { maxAttempts: config.retry.max_total_failures, maxBotPushes: config.loop_guard.max_fix_commits, maxAgentRuns: config.agent.max_runs.per_pull_request },
    ...(standing === 'resumed' ? { stage: 'Resumed: a person cleared BLOCKED; the next CI run goes on' } : {}),
    ...(input.runUrl ? { runUrl: input.runUrl } : {}),
    apply: describeApplySetting(config.apply, { isFork: pr.isFork, prSwitch: state.apply === null ? null : { on: state.apply.on, by: state.apply.by } }),
  });
  const body = `${withoutLoopMarker(rendered).trimEnd()}\n${renderSignedBlock(GATE_BLOCK, state, env.secret)}\n`;
  plan.push(commentWrite(LOOP_COMMENT_NAME, body), ...(input.extra ?? []));
  await applyPlan(env.octokit, target(pr), plan, { log: env.log.info, commentAuthor: env.botLogin });
  return evaluated;
}

/** An invalid config fails the check with the located message; nothing else on the PR changes. */
export async function publishConfigError(env: AppEnv, pr: PrFacts, message: string, extra: Plan = []): Promise<void> {
  env.log.warn(`${where(pr)}: ${message}`);
  const plan: Plan = [{
    kind: 'check_run', name: GATE_CHECK_NAME, head_sha: pr.headSha, status: 'completed', conclusion: 'failure',
    output: {
      title: 'Invalid closed-loop config',
      summary: `closed-loop could not read its configuration from the default branch (\`${pr.defaultBranch}\`):\n\n\`\`\`\n${message.slice(0, 2000)}\n\`\`\`\n\nFix the file on the default branch; a pull request cannot change the config its own gates are checked with.`,
    },
  }, ...extra];
  await applyPlan(env.octokit, target(pr), plan, { log: env.log.info, commentAuthor: env.botLogin });
}

export function target(pr: PrFacts): { owner: string; repo: string; issue_number: number } {
  return { owner: pr.owner, repo: pr.repo, issue_number: pr.number };
}
