import { maskSecrets } from '../core/report/mask-secrets.js';
import { renderPlan, type RunPlan } from '../runner/loop/plan-run.js';

export type StopKind = 'config' | 'refused' | 'internal';

const HEADINGS: Record<StopKind, { alert: string; title: string }> = {
  config: { alert: 'CAUTION', title: 'The closed-loop config is invalid; the loop did not run.' },
  refused: { alert: 'CAUTION', title: 'closed-loop could not run here.' },
  internal: { alert: 'CAUTION', title: 'closed-loop stopped with an internal error.' },
};

/** The job summary when no loop result exists: what happened, and the next step. Masked. */
export function renderStopSummary(kind: StopKind, message: string, secrets: readonly string[]): string {
  const { alert, title } = HEADINGS[kind];
  const quoted = message.split('\n').map((l) => `> ${l}`.trimEnd()).join('\n');
  const next = kind === 'internal'
    ? '\n\nThis is a bug in closed-loop, not in your project. Please report it, with this job\'s log.'
    : '';
  return maskSecrets(`## closed-loop\n\n> [!${alert}]\n> ${title}\n>\n${quoted}${next}\n`, secrets);
}

/** The job summary of a dry run: the checks as they are now, and what the loop would do next. */
export function renderPlanSummary(plan: RunPlan, secrets: readonly string[]): string {
  return maskSecrets(`## closed-loop — dry run\n\nNothing was changed.\n\n\`\`\`text\n${renderPlan(plan)}\`\`\`\n`, secrets);
}
