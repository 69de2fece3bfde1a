import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { summarizeExecution, type ExecutionSummary } from '../../core/loop/aggregate-metrics.js';
import type { LoopState } from '../../core/loop/loop-state.js';
import { mergeSummaries } from '../../core/loop/merge-summaries.js';
import type { ResumedRun } from './run-context.js';
import { maskOutput } from '../secrets/known-secrets.js';
import { StrategySchema } from '../../core/vocabulary.js';

/** The state folder's file of every finished run's outcome, one JSON line each, oldest first. */
export const OUTCOMES_FILE = 'outcomes.jsonl';

const RunOutcomeSchema = z.object({
  task_id: z.string(),
  /** When the run began; a resumed run's outcome has its first part's, and replaces the earlier outcome. */
  started_at: z.string().optional(),
  finished_at: z.string(),
  summary: z.object({
    metrics: z.object({
      total_attempts: z.number(),
      time_to_success_ms: z.number().nullable(),
      patterns_encountered: z.array(z.string()),
      strategies_used: z.array(z.string()),
      files_modified: z.array(z.string()),
      final_status: z.enum(['running', 'success', 'failed', 'escalated']),
      pre_validation_runs: z.number(),
      pre_validation_pass_rate: z.number(),
      pre_validation_catches: z.array(z.string()),
      regression_checks_run: z.number(),
      regression_checks_skipped: z.number(),
      regressions_detected: z.number(),
      regressions_auto_fixed: z.number(),
    }),
    dead_lettered: z.boolean(),
    failed_attempts: z.number(),
    validation_failures: z.number(),
    // An outcome an older build wrote has no fix records: its run counts in the run rates only.
    fixes: z
      .array(z.object({ pattern: z.string(), strategy: StrategySchema, worked: z.boolean() }))
      .default([]),
  }),
});
export type RunOutcome = {
  task_id: string;
  started_at?: string;
  finished_at: string;
  summary: ExecutionSummary;
};

/**
 * Appends a finished run's outcome (the seed's per-execution metrics) to `<state folder>/outcomes.jsonl`,
 * for `closed-loop stats`. An interrupted run has no outcome and is not appended. A resumed run's outcome
 * is the whole run's (its earlier parts' too), and stands for the earlier outcome it had (readRunOutcomes).
 */
export async function appendRunOutcome(
  stateDir: string,
  state: LoopState,
  finishedAt: string,
  resumed?: ResumedRun,
): Promise<void> {
  const own = summarizeExecution(state);
  const outcome: RunOutcome = {
    task_id: state.task.id,
    started_at: resumed?.startedAt ?? state.started_at,
    finished_at: finishedAt,
    summary: resumed ? mergeSummaries(resumed.earlier, own) : own,
  };
  await appendFile(join(stateDir, OUTCOMES_FILE), `${maskOutput(JSON.stringify(outcome))}\n`);
}

/** The outcomes recorded in `stateDir`, and how many lines could not be read (a hand edit, a cut line). */
export async function readRunOutcomes(
  stateDir: string,
): Promise<{ outcomes: RunOutcome[]; unreadable: number }> {
  const text = await readFile(join(stateDir, OUTCOMES_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const outcomes: RunOutcome[] = [];
  let unreadable = 0;
  for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
    try {
      outcomes.push(RunOutcomeSchema.parse(JSON.parse(line)) as RunOutcome);
    } catch {
      unreadable += 1;
    }
  }
  // One run, one outcome: a resumed run's (the same task and start) replaces the one it had before.
  const run = (o: RunOutcome): string | null =>
    o.started_at === undefined ? null : `${o.task_id}\u0000${o.started_at}`;
  const last = new Map(outcomes.map((o, i) => [run(o), i]));
  return { outcomes: outcomes.filter((o, i) => run(o) === null || last.get(run(o)) === i), unreadable };
}
