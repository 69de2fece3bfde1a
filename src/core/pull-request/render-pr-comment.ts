import type { LoopMemory } from './loop-memory.js';
import { inlineCode, shortSha, tableCell } from '../report/markdown-text.js';
import { stageRows } from './render-stage-rows.js';
import {
  LOOP_COMMENT_MARKER,
  renderGateCell,
  renderLoopComment,
  type LoopCommentModel,
} from './render-loop-comment.js';

export interface PrCommentModel extends Omit<LoopCommentModel, 'memory'> {
  /** The loop's memory; null before the first CI result reached the App. */
  memory: LoopMemory | null;
  headSha: string;
  /** The heading without a closed-loop result, when the App diagnosed a red run (`CI failed`). */
  heading?: string;
}

/**
 * The App's sticky loop comment: the loop's table when CI has reported, else a short one that says
 * it waits for CI, with the gates either way. Same marker as the Action's, so there is one per PR.
 */
export function renderPrComment(model: PrCommentModel): string {
  if (model.memory !== null) return renderLoopComment({ ...model, memory: model.memory });
  const secrets = model.secrets ?? [];
  const rows: [string, string][] = [
    ...(model.stage
      ? stageRows(model.stage, secrets)
      : [['Stage', 'Waiting for CI: no closed-loop result for this pull request yet'] as [string, string]]),
    ['Head', inlineCode(shortSha(model.headSha))],
  ];
  if (model.gates && model.gates.length > 0)
    rows.push(['Gates', model.gates.map((g) => renderGateCell(g, secrets)).join(' · ')]);
  if (model.apply !== undefined) rows.push(['Fixes', tableCell(model.apply, 200)]);
  rows.push(...(model.moreRows ?? []).map(([k, v]): [string, string] => [k, v]));
  // Sections are rendered from text masked where it entered (a job log, a LoopResult, a report).
  const sections = (model.sections ?? []).flatMap((s) => [s, '']);
  return [
    LOOP_COMMENT_MARKER,
    `### closed-loop · ${[model.stage?.stage, model.heading].filter(Boolean).join(' · ') || 'waiting for CI'}`,
    '',
    ...(model.lead ? [model.lead.trim(), ''] : []),
    '| | |',
    '| --- | --- |',
    ...rows.map(([k, v]) => `| ${k} | ${v} |`),
    '',
    ...sections,
    '<sub>kept up to date by closed-loop; comment <code>/close-loop help</code> for the commands.</sub>',
    '',
  ].join('\n');
}
