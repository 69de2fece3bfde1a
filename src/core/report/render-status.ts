import type { LoopState } from '../loop/loop-state.js';
import { clipLine } from './truncate-text.js';
import { failingChecks, renderFailingChecks } from './failing-checks.js';

/** `closed-loop status`: where the last run stands, each attempt, and what a person can do next. */
export function renderStatus(
  state: LoopState,
  fixCommits: readonly string[],
  reportsDir: string,
  interruptedAt: string | null = null,
  /** The run's process, for a state still `running`: alive, or gone without a word (kill -9, a crash). */
  proc: { pid: number | null; alive: boolean } | null = null,
  /** For a run `closed-loop resume` continued: when it began, and its attempts before the resume. */
  resumed: { startedAt: string; attempts: number } | null = null,
): string {
  const interrupted = interruptedAt !== null && state.status === 'running';
  const killed = !interrupted && state.status === 'running' && proc !== null && !proc.alive;
  const pid = proc?.pid === null || proc === null ? '' : ` (pid ${proc.pid})`;
  const out = [
    `task      ${state.task.id} (${state.task.type}, ${state.task.complexity})`,
    interrupted
      ? `state     interrupted at ${interruptedAt} (in ${state.phase}); closed-loop resume continues it`
      : killed
        ? `state     killed: the run${pid} ended without finishing (in ${state.phase}, last update ${state.updated_at}); closed-loop resume puts the tree back and continues it`
        : `state     ${state.phase} — ${state.status}${state.finished_at ? `, finished ${state.finished_at}` : `, last update ${state.updated_at}`}${state.status === 'running' && proc?.alive ? `, running${pid}` : ''}`,
  ];
  if (state.escalation_reason) out.push(`reason    ${clipLine(state.escalation_reason, 200)}`);
  if (state.dead_letter)
    out.push(
      `reason    dead letter: ${state.dead_letter.reason}${state.dead_letter.detail ? ` — ${clipLine(state.dead_letter.detail, 160)}` : ''}`,
    );
  if (resumed !== null)
    out.push(
      `resumed   the run started ${resumed.startedAt}; ${resumed.attempts} attempt(s) before the resume (in the reports kept as *.before-resume-*.md), the attempts below since`,
    );
  if (fixCommits.length > 0) out.push(`fixes     ${fixCommits.map((s) => s.slice(0, 7)).join(', ')}`);
  const failing = failingChecks(state);
  if (failing.length > 0) out.push('', 'failing checks (last evaluation)', ...renderFailingChecks(failing));
  out.push('', 'attempt  pattern               strategy            result');
  for (const a of state.attempts) {
    out.push(
      `${String(a.attempt).padEnd(8)} ${(a.pattern_matched ?? '-').padEnd(21)} ${(a.strategy_used ?? '-').padEnd(19)} ${clipLine(a.result, 60)}`,
    );
  }
  if (state.status === 'escalated' || state.status === 'failed') {
    out.push('', `Reports are in ${reportsDir}/. Fix what the loop could not, then: closed-loop resume`);
  }
  return `${out.join('\n')}\n`;
}
