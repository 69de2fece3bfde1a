import { z } from 'zod';

/** The pre-execution gates, in the order they run. */
export const VALIDATION_GATES = [
  'syntax',
  'forbidden_paths',
  'lockfiles',
  'size',
  'secrets',
  'weakened_checks',
] as const;
const ValidationGateSchema = z.enum(VALIDATION_GATES);

const ViolationSchema = z.strictObject({
  gate: ValidationGateSchema,
  /** The file at fault, repository-relative; '' for a rule about the change as a whole. */
  path: z.string(),
  message: z.string(),
});
export type Violation = z.infer<typeof ViolationSchema>;

/** The seed's validation_result. */
export const ValidationResultSchema = z.strictObject({
  passed: z.boolean(),
  gates_checked: z.array(ValidationGateSchema),
  violations: z.array(ViolationSchema),
});
export type ValidationResult = z.infer<typeof ValidationResultSchema>;
