import { z } from 'zod';
import { DiagnosisSchema } from '../diagnosis.js';
import { StrategySchema } from '../vocabulary.js';
import {
  CheckResultSchema,
  DeadLetterReasonSchema,
  RegressionStatusSchema,
  ViolationSchema,
} from './loop-state.js';

const at = z.string().min(1);
const ms = z.number().int().nonnegative();

/**
 * The facts a driver feeds the loop. Each carries the ISO time it happened (`at`): core never reads a clock.
 */
export const LoopEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('generated'), at, files: z.array(z.string()), description: z.string() }),
  z.object({
    type: z.literal('validated'),
    at,
    passed: z.boolean(),
    violations: z.array(ViolationSchema),
    gates: z.array(z.string()),
  }),
  z.object({ type: z.literal('executed'), at, files_modified: z.array(z.string()), duration_ms: ms }),
  z.object({
    type: z.literal('evaluated'),
    at,
    passed: z.boolean(),
    checks: z.array(CheckResultSchema),
    /** The first failing check and its output excerpt (truncated to 2000 characters by the reducer). */
    failure: z.object({ check: z.string(), output: z.string() }).optional(),
    regression: z.object({ status: RegressionStatusSchema, regressions: ms.default(0) }).optional(),
    /**
     * The evaluation's wall-clock time, as the driver measured it: checks run in parallel, so it is not
     * the sum of their durations (an attempt of 5.2 s in a run of 3.5 s). The sum when left out.
     */
    duration_ms: ms.optional(),
  }),
  z.object({ type: z.literal('analyzed'), at, diagnosis: DiagnosisSchema }),
  /**
   * The driver turns to another failing check before acting on this one: a mechanical fix (a formatter,
   * a missing dependency) is made first, the failure that needs a person or an agent waits.
   */
  z.object({
    type: z.literal('retargeted'),
    at,
    diagnosis: DiagnosisSchema,
    failure: z.object({ check: z.string(), output: z.string() }),
  }),
  z.object({
    type: z.literal('fixed'),
    at,
    strategy: StrategySchema,
    fix_applied: z.string(),
    files_modified: z.array(z.string()),
    duration_ms: ms,
  }),
  z.object({ type: z.literal('fix_failed'), at, strategy: StrategySchema, error: z.string() }),
  z.object({ type: z.literal('escalated'), at, reason: z.string().min(1) }),
  z.object({
    type: z.literal('dead_lettered'),
    at,
    reason: DeadLetterReasonSchema,
    detail: z.string().default(''),
  }),
  z.object({ type: z.literal('user_aborted'), at, by: z.string().optional() }),
  z.object({ type: z.literal('security_violation'), at, detail: z.string() }),
  z.object({ type: z.literal('resumed'), at }),
]);
export type LoopEvent = z.infer<typeof LoopEventSchema>;
export type LoopEventInput = z.input<typeof LoopEventSchema>;
export type LoopEventType = LoopEvent['type'];
