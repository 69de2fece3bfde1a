import { z } from 'zod';
import { CategorySchema, StrategySchema } from './vocabulary.js';

export const LocationSchema = z.object({
  file: z.string(),
  line: z.number().int().positive(),
  column: z.number().int().positive().nullable(),
});
export type Location = z.infer<typeof LocationSchema>;

export const EvidenceSchema = z.object({
  /** 1-based line numbers in the analysed log. */
  startLine: z.number().int().positive(),
  endLine: z.number().int().positive(),
  text: z.string(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

/** What the analyzer found in one log: the contract of `closed-loop analyze --json`. */
export const DiagnosisSchema = z.object({
  pattern: z.string().nullable(),
  category: CategorySchema,
  confidence: z.number().min(0).max(1),
  strategy: StrategySchema,
  retryable: z.boolean(),
  /** Where a person would look, the first real error first (a side note such as an unused ignore after). */
  locations: z.array(LocationSchema),
  /**
   * The tool's own message for each location, index for index (`''` where it said none): the located line
   * of a compiler or linter, the message a failing test's frames belong to. Absent when none was read.
   */
  messages: z.array(z.string().max(2000)).optional(),
  /** `{pattern}:{ext}:{hash}`, stable across runs of the same failure. */
  signature: z.string(),
  evidence: EvidenceSchema.nullable(),
  alternatives: z.array(z.object({ pattern: z.string(), confidence: z.number() })),
});
export type Diagnosis = z.infer<typeof DiagnosisSchema>;
