import { z } from 'zod';
import { GATES, GateSchema } from '../vocabulary.js';

/** The seed's stages, in order. */
export const STAGES = [
  'INIT',
  'SCAFFOLD',
  'IMPLEMENT',
  'TEST',
  'VERIFY',
  'VALIDATE',
  'DOCUMENT',
  'REVIEW',
  'SHIP',
  'COMPLETE',
] as const;
export const StageSchema = z.enum(STAGES);
export type Stage = z.infer<typeof StageSchema>;

/** Stages plus the failure states. */
export const ControllerStateNameSchema = z.enum([...STAGES, 'FAILED', 'RETRY', 'BLOCKED']);
export type ControllerStateName = z.infer<typeof ControllerStateNameSchema>;

export const CHECKS = ['build', 'tests', 'lint', 'approval'] as const;
export const CheckSchema = z.enum(CHECKS);
export type Check = z.infer<typeof CheckSchema>;

const iso = z.string();
const StageRecordSchema = z.object({
  status: z.enum(['pending', 'in-progress', 'complete', 'skipped', 'failed']),
  startedAt: iso.optional(),
  completedAt: iso.optional(),
});

export const FailureRecordSchema = z.object({
  stage: StageSchema,
  capability: z.string().optional(),
  error: z.string(),
  /** What identifies "the same error" (the analyzer's signature, else the error text). */
  signature: z.string(),
  timestamp: iso,
  resolution: z.string().optional(),
  resolvedAt: iso.optional(),
});
export type FailureRecord = z.infer<typeof FailureRecordSchema>;

export const GateStateSchema = z.object({
  required: z.boolean(),
  status: z.enum(['pending', 'approved']).optional(),
  approvedBy: z.string().optional(),
});

export const SkipSchema = z.object({
  stage: StageSchema,
  /** A check (`build`, `tests`, `lint`) or a skill name. */
  item: z.string().min(1),
  reason: z.string().trim().min(1),
  at: iso,
});
export type Skip = z.infer<typeof SkipSchema>;

/** loop-state.json, camelCase as in the seed. */
export const ControllerStateSchema = z.object({
  version: z.literal(1),
  systemId: z.string(),
  systemName: z.string(),
  state: ControllerStateNameSchema,
  stateEnteredAt: iso,
  stages: z.record(StageSchema, StageRecordSchema),
  failures: z.object({
    /** Failures of the current failure (reset when a stage completes). */
    count: z.number().int().nonnegative(),
    maxRetries: z.number().int().positive(),
    /** The same error in a row (reset on a different error). */
    sameErrorCount: z.number().int().nonnegative(),
    maxSameError: z.number().int().positive(),
    total: z.number().int().nonnegative(),
    maxTotal: z.number().int().positive(),
    lastFailedStage: StageSchema.nullable(),
    history: z.array(FailureRecordSchema),
  }),
  gates: z.record(GateSchema, GateStateSchema),
  checkpoints: z.array(
    z.object({ type: z.string(), hash: z.string().optional(), message: z.string().optional(), at: iso }),
  ),
  skipped: z.array(SkipSchema),
  blockedReason: z.string().nullable(),
  /** The stage a resume returns to (set when BLOCKED). */
  resumeState: StageSchema.nullable(),
  updatedAt: iso,
});
export type ControllerState = z.infer<typeof ControllerStateSchema>;

export type ControllerLimits = { maxRetries: number; maxSameError: number; maxTotal: number };

export function createControllerState(input: {
  systemId: string;
  systemName: string;
  at: string;
  limits?: Partial<ControllerLimits>;
}): ControllerState {
  const stages = Object.fromEntries(
    STAGES.map((s) => [
      s,
      { status: s === 'INIT' ? 'in-progress' : 'pending', ...(s === 'INIT' ? { startedAt: input.at } : {}) },
    ]),
  );
  return {
    version: 1,
    systemId: input.systemId,
    systemName: input.systemName,
    state: 'INIT',
    stateEnteredAt: input.at,
    stages: stages as ControllerState['stages'],
    failures: {
      count: 0,
      maxRetries: input.limits?.maxRetries ?? 3,
      sameErrorCount: 0,
      maxSameError: input.limits?.maxSameError ?? 2,
      total: 0,
      maxTotal: input.limits?.maxTotal ?? 10,
      lastFailedStage: null,
      history: [],
    },
    gates: Object.fromEntries(GATES.map((g) => [g, { required: false }])) as ControllerState['gates'],
    checkpoints: [],
    skipped: [],
    blockedReason: null,
    resumeState: null,
    updatedAt: input.at,
  };
}

export function isStage(name: ControllerStateName): name is Stage {
  return (STAGES as readonly string[]).includes(name);
}
