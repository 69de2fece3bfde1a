import { z } from 'zod';
import { AttemptSchema } from './attempt.js';
import { MAX_CHECKS, MAX_NAME_LENGTH, MAX_PATTERN_ID_LENGTH, MAX_TASK_ID_LENGTH } from './limits.js';
import { DiagnosisSchema } from './diagnosis.js';
import { CategorySchema, StrategySchema } from './vocabulary.js';

/**
 * What one `closed-loop run` ended with: the command's `--json` output, the Action's result.json
 * artifact, and what the App reads back (as untrusted input, so every field is bounded).
 */
export const LoopResultSchema = z.object({
  version: z.literal(1),
  task_id: z.string().min(1).max(MAX_TASK_ID_LENGTH),
  /** `interrupted`: stopped by the user (Ctrl-C); the running check was killed, an unfinished fix undone. */
  status: z.enum(['success', 'failed', 'escalated', 'interrupted']),
  /** Why it stopped when it did not succeed: the escalation or dead-letter reason. */
  reason: z.string().max(2000).nullable(),
  attempts: z.number().int().nonnegative(),
  pattern: z.string().max(MAX_PATTERN_ID_LENGTH).nullable(),
  category: CategorySchema.nullable(),
  signature: z.string().max(200).nullable(),
  strategies: z.array(StrategySchema).max(100),
  checks: z
    .array(
      z.object({
        name: z.string().max(MAX_NAME_LENGTH),
        passed: z.boolean(),
        timed_out: z.boolean().default(false),
        duration_ms: z.number().int().nonnegative(),
      }),
    )
    .max(MAX_CHECKS),
  /** Every check that failed in the last evaluation, its pattern, and what was or would be done about it. */
  failing_checks: z
    .array(
      z.object({
        name: z.string().max(MAX_NAME_LENGTH),
        pattern: z.string().max(MAX_PATTERN_ID_LENGTH).nullable(),
        timed_out: z.boolean(),
        strategy: StrategySchema.nullable(),
        done: z.string().max(500),
      }),
    )
    .max(MAX_CHECKS)
    .optional(),
  diagnosis: DiagnosisSchema.nullable(),
  fix_commits: z
    .array(
      z.object({
        sha: z.string().regex(/^[0-9a-f]{40}$/),
        attempt: z.number().int().positive(),
        strategy: StrategySchema,
        pattern: z.string().max(MAX_PATTERN_ID_LENGTH).nullable(),
      }),
    )
    .max(100),
  head: z.object({ start: z.string().max(64).nullable(), end: z.string().max(64).nullable() }),
  files_modified: z.array(z.string().max(1000)).max(1000),
  /** Markdown reports, already masked: the dead letter or the escalation, when there is one. */
  reports: z.object({
    dead_letter: z.string().max(65_536).nullable(),
    escalation: z.string().max(65_536).nullable(),
  }),
  history: z.array(AttemptSchema).max(100),
  started_at: z.string(),
  finished_at: z.string(),
  duration_ms: z.number().int().nonnegative(),
  /** What the coding agent used in this run (runs and wall time), against agent.max_runs. */
  agent: z
    .object({ runs: z.number().int().nonnegative().max(10_000), duration_ms: z.number().int().nonnegative() })
    .optional(),
});
export type LoopResult = z.infer<typeof LoopResultSchema>;
