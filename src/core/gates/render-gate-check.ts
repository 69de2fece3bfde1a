import type { Config } from '../config/schema.js';
import type { CheckAnnotation, CheckRun } from '../plan/plan-schema.js';
import type { EvaluatedGate } from './evaluate-gates.js';
import { cell, gateRow, missingApproval } from './gate-check-text.js';
import { missingLine, type StageView } from '../pull-request/render-stage-rows.js';
import { inlineCode } from '../report/markdown-text.js';

/** The check run that says whether the PR may merge as far as closed-loop is concerned. */
export const GATE_CHECK_NAME = 'closed-loop';

/** Check conclusions that count as passed; `null` means still running; anything else failed. */
const PASSED = new Set(['success', 'neutral', 'skipped']);

export interface GateCheckInput {
  headSha: string;
  /** The other check runs on the head (a run named closed-loop is ignored: it is this one). */
  checks: readonly { name: string; conclusion: string | null }[];
  gates: readonly EvaluatedGate[];
  gatesConfig: Config['gates'];
  /** The loop on this head, when there is one: `blocked` (escalated) and `dead_letter` need a person. */
  loop?: { status: 'running' | 'success' | 'blocked' | 'dead_letter'; reason?: string };
  /** The repository owner, to name bare team slugs. */
  owner?: string;
  /**
   * The diagnosis of the head's newest red run without the Action (renderCiRun), and its file:line errors.
   */
  ci?: {
    title: string;
    section: string;
    text: string;
    gate: 'failed' | 'running' | 'passed';
    annotations?: CheckAnnotation[];
  };
  /** What failed, linked to the code (renderFailureLead): the summary's first lines. */
  lead?: string | null;
  /** The pull request's stage, shown first in the summary after the lead. */
  stage?: StageView;
  /** The acceptance criteria as last verified on this head, when some are not met. */
  criteria?: { total: number; unmet: readonly string[] };
}

const MAX_TITLE = 200;
/** Keeps the summary far below GitHub's 65,535 characters, however many checks the head has. */
const MAX_LISTED = 50;
const listNames = (names: readonly string[]): string =>
  names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The `closed-loop` check run for a head: success only when some check reported and none failed or is
 * running, the loop is neither blocked nor a dead letter, and every required gate is approved or skipped;
 * `action_required` when only approvals are missing, or no check has reported on the head yet (INIT);
 * `failure` when a check failed or the loop needs a person; in progress while checks run, and on a fix
 * the loop pushed until CI reports on it (RETRY). The output
 * lists exactly what is still missing.
 */
export function renderGateCheck(input: GateCheckInput): CheckRun {
  const checks = input.checks.filter((c) => c.name !== GATE_CHECK_NAME);
  const failed = checks.filter((c) => c.conclusion !== null && !PASSED.has(c.conclusion));
  const running = checks.filter((c) => c.conclusion === null);
  const waiting = input.gates.filter((g) => g.status === 'pending');
  const loop = input.loop;
  const stuck = loop?.status === 'blocked' || loop?.status === 'dead_letter';
  const ciGate = input.ci?.gate ?? 'passed';
  const unmet = input.criteria?.unmet ?? [];
  // No check has reported on the head and no red run of it was diagnosed (INIT, or RETRY on a fix the loop
  // just pushed): nothing is known to pass yet, whatever the loop said about an earlier head, so the check
  // must not be green (a branch protection that requires only this check would let the head merge untested).
  const noCheckYet = checks.length === 0 && input.ci === undefined && !stuck && loop?.status !== 'running';
  // The loop's own fix commit: CI is about to check it, so this check is in progress, not a person's to act.
  const fixAwaitingCi = noCheckYet && input.stage?.stage === 'RETRY';

  const missing: string[] = [
    ...failed.map((c) => `check ${inlineCode(c.name, 200)} failed (${c.conclusion})`),
    ...running.map((c) => `check ${inlineCode(c.name, 200)} is still running`),
    ...(loop?.status === 'running' ? ['the closed loop is still running'] : []),
    ...(ciGate === 'failed'
      ? // Under the lead (what failed, linked), pointing below for the diagnosis would say it twice.
        [
          input.lead
            ? 'a workflow run failed: what failed is at the top'
            : 'a workflow run failed: its diagnosis is below',
        ]
      : ciGate === 'running'
        ? ['the failed jobs are being re-run']
        : []),
    ...(stuck
      ? [
          `${loop.status === 'blocked' ? 'the loop is blocked' : 'the loop gave up (dead letter)'}${loop.reason ? `: ${cell(loop.reason, 300)}` : ''}`,
        ]
      : []),
    ...(noCheckYet ? [`a CI run: no check has reported on \`${input.headSha.slice(0, 7)}\` yet`] : []),
    ...waiting.map((g) => cell(missingApproval(g, input.gatesConfig[g.gate], input.owner), 500)),
    ...unmet.map((c) => `the acceptance criterion "${cell(c, 300)}" (see the verification report)`),
  ];
  const titleParts = [
    ...(input.ci ? [input.ci.title] : []),
    ...(failed.length > 0
      ? [`${plural(failed.length, 'check')} failed: ${listNames(failed.map((c) => c.name))}`]
      : []),
    ...(stuck ? [loop.status === 'blocked' ? 'the loop is blocked' : 'the loop gave up (dead letter)'] : []),
    ...(running.length > 0
      ? [`waiting for ${plural(running.length, 'check')}: ${listNames(running.map((c) => c.name))}`]
      : []),
    ...(loop?.status === 'running' ? ['the loop is running'] : []),
    ...(noCheckYet
      ? [
          fixAwaitingCi
            ? "waiting for CI on the loop's fix: no check has reported on this head yet"
            : 'waiting for CI: no check has reported on this head yet',
        ]
      : []),
    ...(waiting.length > 0 ? [`waiting for approval: ${listNames(waiting.map((g) => g.gate))}`] : []),
    ...(unmet.length > 0
      ? [`acceptance criteria: ${unmet.length} of ${input.criteria?.total ?? unmet.length} not met`]
      : []),
  ];

  const state: 'failure' | 'in_progress' | 'action_required' | 'success' =
    failed.length > 0 || stuck || ciGate === 'failed'
      ? 'failure'
      : running.length > 0 || loop?.status === 'running' || ciGate === 'running' || fixAwaitingCi
        ? 'in_progress'
        : noCheckYet || waiting.length > 0 || unmet.length > 0
          ? 'action_required'
          : 'success';
  const title =
    titleParts.length > 0 ? oneLine(titleParts.join('; ')) : successTitle(checks.length, input.gates);
  const status =
    state === 'in_progress'
      ? { status: 'in_progress' as const }
      : { status: 'completed' as const, conclusion: state };
  const ci = input.ci;
  const output = {
    title,
    summary: summary(input, missing, checks.length - failed.length - running.length),
    ...(ci?.text ? { text: ci.text } : {}),
  };
  return {
    kind: 'check_run',
    name: GATE_CHECK_NAME,
    head_sha: input.headSha,
    ...status,
    output,
    ...(ci?.annotations?.length ? { annotations: ci.annotations } : {}),
  };
}

/** The stage first, as the sticky comment shows it: where the pull request is, what the next stage needs. */
function stageLines(stage: StageView): string[] {
  const next =
    stage.next === null
      ? ''
      : ` Next: **${stage.next}**${stage.missing.length > 0 ? `, once ${cell(missingLine(stage.missing), 600)}` : ''}.`;
  return [`**Stage: ${stage.stage}** · ${cell(stage.summary, 300)}.${next}`];
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const first = line.charAt(0).toUpperCase() + line.slice(1);
  return first.length <= MAX_TITLE ? first : `${first.slice(0, MAX_TITLE - 1)}…`;
}

function successTitle(checkCount: number, gates: readonly EvaluatedGate[]): string {
  const passed = checkCount > 0 ? `All ${plural(checkCount, 'check')} passed` : 'No checks to wait for';
  if (gates.length === 0) return passed;
  const skipped = gates.filter((g) => g.status === 'skipped').length;
  return oneLine(
    `${passed}; ${plural(gates.length - skipped, 'gate')} approved${skipped > 0 ? `, ${skipped} skipped` : ''}`,
  );
}

function summary(input: GateCheckInput, missing: readonly string[], passedCount: number): string {
  const lines =
    missing.length > 0
      ? [
          '**Still missing**',
          '',
          ...missing.slice(0, MAX_LISTED).map((m) => `- ${m}`),
          ...(missing.length > MAX_LISTED ? [`- and ${missing.length - MAX_LISTED} more`] : []),
        ]
      : ['Nothing is missing: every check passed and every required gate is approved or skipped.'];
  if (input.stage) lines.unshift(...stageLines(input.stage), '');
  if (input.lead) lines.unshift(input.lead.trim(), '');
  if (passedCount > 0) lines.push('', `${plural(passedCount, 'check')} passed.`);
  if (input.ci) lines.push('', input.ci.section);
  if (input.gates.length > 0) {
    lines.push(
      '',
      '### Human gates',
      '',
      '| gate | status | files |',
      '| --- | --- | --- |',
      ...input.gates.map((g) => gateRow(g, input.gatesConfig[g.gate], input.owner)),
    );
  }
  return lines.join('\n');
}
