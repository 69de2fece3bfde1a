import { elapsedMs } from '../../core/loop/log-lines-for.js';
import { addRunPart, type RunTotals } from '../../core/loop/run-totals.js';
import type { RunContext } from './run-context.js';

/**
 * The whole run up to `until`: the parts before a resume (`closed-loop resume`) and this one. result.json
 * and the stored state say it, so that a resumed run's record goes on as status and stats tell it.
 */
export function runTotals(ctx: RunContext, until: string): RunTotals {
  const { state } = ctx;
  const part: RunTotals = {
    attempts: state.attempts.length,
    duration_ms: elapsedMs(state.started_at, until),
    fix_commits: ctx.fixCommits,
    strategies: state.attempts.flatMap((a) => (a.strategy_used ? [a.strategy_used] : [])),
    // The files of kept fixes only: a rolled-back change modified nothing.
    files_modified: [
      ...new Set(
        state.attempts.filter((a) => ctx.keptAttempts?.has(a.attempt)).flatMap((a) => a.files_modified),
      ),
    ],
    agent: { runs: ctx.agentSpent.runs, duration_ms: Math.round(ctx.agentSpent.durationMs) },
  };
  return addRunPart(ctx.options.resumed?.before ?? null, part);
}
