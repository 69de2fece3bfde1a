import { z } from 'zod';
import { AttemptSchema } from '../attempt.js';
import { DiagnosisSchema } from '../diagnosis.js';
import { ComplexitySchema, StrategySchema, TaskTypeSchema } from '../vocabulary.js';

/** The seed's phases. ESCALATE, DEAD_LETTER and SUCCESS are terminal. */
const PHASES = [
  'GENERATE',
  'VALIDATE',
  'EXECUTE',
  'EVALUATE',
  'ANALYZE',
  'FIX',
  'ESCALATE',
  'DEAD_LETTER',
  'SUCCESS',
] as const;
const PhaseSchema = z.enum(PHASES);
export type Phase = z.infer<typeof PhaseSchema>;
const TERMINAL_PHASES: readonly Phase[] = ['ESCALATE', 'DEAD_LETTER', 'SUCCESS'];

const LoopStatusSchema = z.enum(['running', 'success', 'failed', 'escalated']);
export type LoopStatus = z.infer<typeof LoopStatusSchema>;

export const DeadLetterReasonSchema = z.enum(['retry_budget_exhausted', 'unrecoverable_error']);
export type DeadLetterReason = z.infer<typeof DeadLetterReasonSchema>;

export const ViolationSchema = z.object({
  /** The gate that caught it (a "violation type" in the seed's metrics), e.g. `forbidden-path`. */
  type: z.string(),
  message: z.string(),
  file: z.string().optional(),
});

export const CheckResultSchema = z.object({
  name: z.string(),
  passed: z.boolean(),
  duration_ms: z.number().int().nonnegative(),
  /** A failing check's pattern, so every failure is reported, not only the one being worked on. */
  pattern: z.string().nullable().optional(),
  /** The diagnosis's strategy for that failure. */
  strategy: StrategySchema.nullable().optional(),
  timed_out: z.boolean().optional(),
});

export const RegressionStatusSchema = z.enum(['passed', 'failed', 'skipped']);
export type RegressionStatus = z.infer<typeof RegressionStatusSchema>;

/**
 * What one iteration (one attempt) saw besides the seed's attempt record; `iterations[i]` ↔ `attempts[i]`.
 */
const IterationSchema = z.object({
  attempt: z.number().int().positive(),
  files_targeted: z.array(z.string()),
  validation: z
    .object({ passed: z.boolean(), gates: z.array(z.string()), violations: z.array(ViolationSchema) })
    .nullable(),
  checks: z.array(CheckResultSchema),
  regression: z
    .object({ status: RegressionStatusSchema, regressions: z.number().int().nonnegative() })
    .nullable(),
  /** Where the failure came from: the pre-execution gates or the checks; null while running or on success. */
  failure: z.object({ source: z.enum(['pre_validation', 'evaluation']), check: z.string() }).nullable(),
  fix: z
    .object({
      strategy: StrategySchema,
      fix_applied: z.string(),
      duration_ms: z.number().int().nonnegative(),
    })
    .nullable(),
});
export type Iteration = z.infer<typeof IterationSchema>;

const FixFailureSchema = z.object({
  attempt: z.number().int().positive(),
  pattern: z.string().nullable(),
  strategy: StrategySchema,
  error: z.string(),
  at: z.string(),
});

export const LoopStateSchema = z.object({
  version: z.literal(1),
  task: z.object({
    id: z.string().min(1),
    type: TaskTypeSchema,
    complexity: ComplexitySchema,
    description: z.string(),
    files: z.array(z.string()),
    /** The task's own retry budget; null → pattern.max_auto_retries → policy.max_retries. */
    max_retries: z.number().int().positive().nullable(),
  }),
  phase: PhaseSchema,
  status: LoopStatusSchema,
  attempts: z.array(AttemptSchema),
  iterations: z.array(IterationSchema),
  /** The analyzer's verdict on the current failure, waiting for the FIX decision. */
  pending_diagnosis: DiagnosisSchema.nullable(),
  fix_failures: z.array(FixFailureSchema),
  escalation_reason: z.string().nullable(),
  dead_letter: z.object({ reason: DeadLetterReasonSchema, detail: z.string() }).nullable(),
  /** ISO timestamps of every `resumed` event: one per CI run that picked the loop up again. */
  resumed_at: z.array(z.string()),
  started_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type LoopState = z.infer<typeof LoopStateSchema>;

export function isTerminal(state: Pick<LoopState, 'phase'>): boolean {
  return TERMINAL_PHASES.includes(state.phase);
}
