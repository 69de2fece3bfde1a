import type { LoopMemory } from './loop-memory.js';
import { inlineCode, shortSha, tableCell } from '../report/markdown-text.js';
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
    [
      'Stage',
      tableCell(model.stage ?? 'Waiting for CI: no closed-loop result for this pull request yet', 200),
    ],
    ['Head', inlineCode(shortSha(model.headSha))],
  ];
  if (model.gates && model.gates.length > 0)
    rows.push(['Gates', model.gates.map((g) => renderGateCell(g, secrets)).join(' · ')]);
  if (model.apply !== undefined) rows.push(['Fixes', tableCell(model.apply, 200)]);
  // Sections are rendered from text masked where it entered (a job log, a LoopResult, a report).
  const sections = (model.sections ?? []).flatMap((s) => [s, '']);
  return [
    LOOP_COMMENT_MARKER,
    `### closed-loop · ${model.heading ?? 'waiting for CI'}`,
    '',
    '| | |',
    '| --- | --- |',
    ...rows.map(([k, v]) => `| ${k} | ${v} |`),
    '',
    ...sections,
    '<sub>kept up to date by closed-loop; comment <code>/close-loop help</code> for the commands.</sub>',
    '',
  ].join('\n');
}
