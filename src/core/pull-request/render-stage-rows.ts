import type { StageDecision } from '../controller/stage-decision.js';
import { maskSecrets } from '../report/mask-secrets.js';
import { tableCell } from '../report/markdown-text.js';

/** What the sticky comment and the check show of a stage decision. */
export type StageView = Pick<StageDecision, 'stage' | 'summary' | 'next' | 'missing'>;

/** Items of "what is missing" a row lists before it says how many more there are. */
const LISTED = 5;

/** `a; b; c and 2 more`: what is still missing, in one line. */
export function missingLine(missing: readonly string[]): string {
  const shown = missing.slice(0, LISTED).join('; ');
  return missing.length > LISTED ? `${shown} and ${missing.length - LISTED} more` : shown;
}

/**
 * The rows a person reads first, as the seed's `loop status` shows a state: the stage and where the pull
 * request stands, then the next stage and what is still missing to reach it (none once its life is over).
 */
export function stageRows(view: StageView, secrets: readonly string[] = []): [string, string][] {
  const text = (t: string, max: number) => tableCell(maskSecrets(t, secrets), max);
  const rows: [string, string][] = [['Stage', `**${view.stage}** · ${text(view.summary, 200)}`]];
  if (view.next !== null) {
    const what = view.missing.length > 0 ? ` · missing: ${text(missingLine(view.missing), 600)}` : '';
    rows.push(['Next', `**${view.next}**${what}`]);
  }
  return rows;
}
