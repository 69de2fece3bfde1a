import type { Attempt } from '../attempt.js';
import { maskSecrets } from '../report/mask-secrets.js';
import type { LoopMemory } from './loop-memory.js';
import { formatDuration, inlineCode, plural, shortSha, tableCell } from '../report/markdown-text.js';
import { renderFixCommitNotice } from './render-fix-commit-notice.js';
import { prepareMemory, renderStateBlock } from './state-block.js';
import { STATUS_WORDS } from './summary-sections.js';
import { stageRows, type StageView } from './render-stage-rows.js';

/** The hidden first line of the sticky loop comment: how a driver finds it to update it in place. */
export const LOOP_COMMENT_MARKER = '<!-- closed-loop:loop-comment -->';

/** Rows of the attempt history the comment shows (the state block keeps up to 50). */
const COMMENT_HISTORY_ROWS = 20;

export interface GateRow {
  gate: string;
  state: 'needed' | 'approved' | 'skipped';
  /** Who approved or skipped it. */
  by?: string | null;
}

export interface LoopCommentModel {
  memory: LoopMemory;
  /** The pull request's stage and what is missing for the next; without it, the memory's status in words. */
  stage?: StageView;
  /** The budgets, to show what is left: attempts on this PR, and fix commits the loop may push. */
  limits?: { maxAttempts?: number; maxBotPushes?: number; maxAgentRuns?: number };
  /** The human gates this change needs, when the App decided them. */
  gates?: readonly GateRow[];
  runUrl?: string;
  /** How the next verified fix lands (commit or suggestions, and who decided), when the App knows. */
  apply?: string;
  /** Literal values to mask besides the token shapes. */
  secrets?: readonly string[];
  /** What failed, linked to the code (renderFailureLead): under the heading when the loop stopped on it. */
  lead?: string | null;
  /** More Markdown under the table (the App's diagnosis of a red run without the Action). */
  sections?: readonly string[];
  /** More rows at the table's end, already made safe for a cell (a person's guidance for the loop). */
  moreRows?: readonly (readonly [string, string])[];
  /**
   * The fix commit this run pushed on top of the head it checked (memory.head_sha): the branch's head now,
   * and what the stage is green on.
   */
  pushedSha?: string | null;
}

const STAGES: Record<LoopMemory['status'], string> = {
  success: 'Green: every check passes',
  failed: 'Dead letter: the loop gave up; a person has to fix it',
  escalated: 'Blocked: waiting for a person',
  interrupted: 'Interrupted: the run was stopped',
};

/**
 * The sticky loop comment (one per PR): the marker, what failed when the loop stopped on a failure, a
 * table a person reads (stage, attempts, strategies, budget left, gates), the fix commits, the recent
 * attempts folded, and last the memory in a hidden state block. The table shows the same masked,
 * fitted memory the block stores.
 */
export function renderLoopComment(model: LoopCommentModel): string {
  const secrets = model.secrets ?? [];
  const memory = prepareMemory(model.memory, secrets);
  const total = Math.max(0, ...memory.attempts.map((a) => a.attempt));
  const last = memory.attempts.at(-1);
  const rows: [string, string][] = [
    ...(model.stage
      ? stageRows(model.stage, secrets)
      : [['Stage', STAGES[memory.status]] as [string, string]]),
    ['Head', headCell(memory.head_sha, model.pushedSha ?? null)],
    [
      'Attempts',
      `${plural(total, 'attempt')} on this pull request${last ? `; last: ${describe(last)}` : ''}`,
    ],
    ['Strategies', strategies(memory.attempts)],
  ];
  const budget = budgetLeft(memory, total, model.limits);
  if (budget !== null) rows.push(['Budget left', budget]);
  if ((memory.agent?.runs ?? 0) > 0 || model.limits?.maxAgentRuns !== undefined)
    rows.push(['Agent', agentSpent(memory, model.limits?.maxAgentRuns)]);
  if (model.gates && model.gates.length > 0)
    rows.push(['Gates', model.gates.map((g) => renderGateCell(g, secrets)).join(' · ')]);
  if (model.apply !== undefined) rows.push(['Fixes', tableCell(model.apply, 200)]);
  rows.push(...(model.moreRows ?? []).map(([k, v]): [string, string] => [k, v]));
  const out = [
    LOOP_COMMENT_MARKER,
    `### closed-loop · ${model.stage?.stage ?? STATUS_WORDS[memory.status]}`,
    '',
    ...(model.lead ? [model.lead.trim(), ''] : []),
    '| | |',
    '| --- | --- |',
    ...rows.map(([k, v]) => `| ${k} | ${v} |`),
  ];
  if (memory.fix_commits.length > 0) {
    const byNumber = new Map(memory.attempts.map((a) => [a.attempt, a]));
    out.push(
      '',
      '**Fix commits**',
      '',
      ...memory.fix_commits.map((c) => {
        const a = madeBy(byNumber, c.attempt);
        const fixes = c.fixes ?? [];
        const last = fixes.at(-1);
        const named = last
          ? { strategy: last.strategy, pattern: last.pattern, also: fixes.slice(0, -1) }
          : { strategy: a?.strategy_used ?? null, pattern: a?.pattern_matched ?? null };
        return `- ${tableCell(renderFixCommitNotice({ sha: c.sha, attempt: c.attempt, ...named }, { secrets }), 500)}`;
      }),
    );
  }
  if (memory.attempts.length > 0) out.push('', history(memory.attempts));
  for (const section of model.sections ?? []) out.push('', section);
  const run = model.runUrl ? `[latest run](${encodeURI(model.runUrl)}) · ` : '';
  out.push(
    '',
    `<sub>${run}kept up to date by closed-loop; the hidden block below is its memory of this pull request.</sub>`,
  );
  // No masking pass here: what the comment shows was masked where it entered (the LoopResult as the run
  // made it or the App downloaded it, a job log as it was read); the memory block is masked before encoding.
  return `${out.join('\n')}\n${renderStateBlock(memory)}\n`;
}

/** The head the loop checked, and, when it pushed a fix on it, that fix: the branch's head now. */
function headCell(checked: string, pushed: string | null): string {
  if (pushed === null || pushed === checked) return inlineCode(shortSha(checked));
  return `${inlineCode(shortSha(pushed))}: the fix the loop pushed on ${inlineCode(shortSha(checked))}, the head it checked`;
}

/**
 * The attempt whose strategy made a fix commit, to name it as the commit's message does: the runner
 * commits a fix in the attempt that checks it, so it is the attempt before the commit's (keepOrUndo);
 * else the commit's own, when that one names a strategy (the memory dropped the one before).
 */
function madeBy(byNumber: ReadonlyMap<number, Attempt>, attempt: number): Attempt | undefined {
  return [byNumber.get(attempt - 1), byNumber.get(attempt)].find((a) => a?.strategy_used);
}

function describe(a: Attempt): string {
  return `${tableCell(a.pattern_matched ?? 'no pattern', 60)} → ${a.strategy_used ?? 'no fix'} (${tableCell(a.result, 120)})`;
}

/** `auto_fix ×2 · context_expand`, in the order first used. */
function strategies(attempts: readonly Attempt[]): string {
  const counts = new Map<string, number>();
  for (const a of attempts)
    if (a.strategy_used) counts.set(a.strategy_used, (counts.get(a.strategy_used) ?? 0) + 1);
  if (counts.size === 0) return '–';
  return [...counts].map(([s, n]) => (n > 1 ? `${s} ×${n}` : s)).join(' · ');
}

/** `3 runs, 2m 10s of agent time · at most 20 runs on this pull request`. */
function agentSpent(memory: LoopMemory, max: number | undefined): string {
  const spent = `${plural(memory.agent?.runs ?? 0, 'run')}, ${formatDuration(memory.agent?.duration_ms ?? 0)} of agent time`;
  return max === undefined ? spent : `${spent} · at most ${plural(max, 'run')} on this pull request`;
}

function budgetLeft(memory: LoopMemory, used: number, limits: LoopCommentModel['limits']): string | null {
  const parts: string[] = [];
  if (limits?.maxAttempts !== undefined)
    parts.push(`${Math.max(0, limits.maxAttempts - used)} of ${limits.maxAttempts} attempts`);
  if (limits?.maxBotPushes !== undefined)
    parts.push(
      `${Math.max(0, limits.maxBotPushes - memory.bot_pushes)} of ${limits.maxBotPushes} fix pushes`,
    );
  return parts.length === 0 ? null : parts.join(' · ');
}

/** A rendered loop comment without its marker line: the body of an upsert, which writes the marker itself. */
export function withoutLoopMarker(rendered: string): string {
  return rendered.startsWith(`${LOOP_COMMENT_MARKER}\n`)
    ? rendered.slice(LOOP_COMMENT_MARKER.length + 1)
    : rendered;
}

/** One gate in the comment's Gates row: `security: approved by @alice`. */
export function renderGateCell(g: GateRow, secrets: readonly string[] = []): string {
  const who = g.by ? ` by ${tableCell(maskSecrets(g.by, secrets), 60)}` : '';
  return `${tableCell(maskSecrets(g.gate, secrets), 40)}: ${g.state}${g.state === 'needed' ? '' : who}`;
}

function history(attempts: readonly Attempt[]): string {
  const shown = attempts.slice(-COMMENT_HISTORY_ROWS);
  const title =
    shown.length < attempts.length
      ? `Attempt history (last ${shown.length} of ${attempts.length} remembered)`
      : `Attempt history (${attempts.length})`;
  const rows = shown.map(
    (a) =>
      `| ${a.attempt} | ${tableCell(a.pattern_matched ?? '–', 60)} | ${a.strategy_used ?? '–'} | ${formatDuration(a.duration_ms)} | ${tableCell(a.result, 120)} |`,
  );
  return [
    '<details>',
    `<summary>${title}</summary>`,
    '',
    '| # | Pattern | Strategy | Duration | Outcome |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    '</details>',
  ].join('\n');
}
