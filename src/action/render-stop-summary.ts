import { codeFence } from '../core/report/code-fence.js';
import { maskSecrets } from '../core/report/mask-secrets.js';
import { renderPlan, type RunPlan } from '../runner/loop-driver/plan-run.js';
import type { DryRunWrites } from './dry-run-writes.js';

export type StopKind = 'config' | 'refused' | 'internal';

const HEADINGS: Record<StopKind, { alert: string; title: string }> = {
  config: { alert: 'CAUTION', title: 'The closed-loop config is invalid; the loop did not run.' },
  refused: { alert: 'CAUTION', title: 'closed-loop could not run here.' },
  internal: { alert: 'CAUTION', title: 'closed-loop stopped with an internal error.' },
};

/** The job summary when no loop result exists: what happened, and the next step. Masked. */
export function renderStopSummary(kind: StopKind, message: string, secrets: readonly string[]): string {
  const { alert, title } = HEADINGS[kind];
  const quoted = message
    .split('\n')
    .map((l) => `> ${l}`.trimEnd())
    .join('\n');
  const next =
    kind === 'internal'
      ? "\n\nThis is a bug in closed-loop, not in your project. Please report it, with this job's log."
      : '';
  return maskSecrets(`## closed-loop\n\n> [!${alert}]\n> ${title}\n>\n${quoted}${next}\n`, secrets);
}

/**
 * The job summary of a dry run: the checks as they are now, what the loop would do next, and on a pull
 * request the writes it would make there.
 */
export function renderPlanSummary(
  plan: RunPlan,
  secrets: readonly string[],
  writes: DryRunWrites | null = null,
): string {
  return maskSecrets(
    `## closed-loop — dry run\n\nNothing was changed.\n\n\`\`\`text\n${renderPlan(plan)}\`\`\`\n${renderWrites(writes)}`,
    secrets,
  );
}

function renderWrites(writes: DryRunWrites | null): string {
  if (writes === null) return '';
  if (writes.kind === 'depends') return `\nWrites to the pull request: none listed, ${writes.why}\n`;
  const report =
    writes.status === 'success'
      ? ''
      : `\nA run would also post its ${writes.status === 'failed' ? 'dead-letter' : 'escalation'} report as a comment.\n`;
  return (
    `\n<details><summary>Writes to the pull request for the verdict ${writes.status} (${writes.lines.length}, none sent)</summary>\n\n` +
    `${codeFence(writes.lines.join('\n'), 'text')}\n\n</details>\n${report}`
  );
}
