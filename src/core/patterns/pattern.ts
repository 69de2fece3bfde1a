import { MAX_PATTERN_ID_LENGTH, MAX_SIGNAL_LENGTH } from '../limits.js';
import { z } from 'zod';
import { CategorySchema, StrategySchema } from '../vocabulary.js';
import { checkSignal } from './compile-signal.js';

/**
 * A signal is a literal (matched case-insensitively as a substring) or a regular expression written
 * `/source/flags`. Literals are the common case; regexes catch shapes such as `error TS\d{4}`.
 */
const refineSignal = (source: string, ctx: z.RefinementCtx): void => {
  const problem = checkSignal(source);
  if (problem) ctx.addIssue({ code: 'custom', input: source, message: problem });
};
export const SignalSchema = z.string().min(1).superRefine(refineSignal);

/** A signal a config writes: its length is checked before it is compiled (60,000 characters cannot be). */
export const ConfigSignalSchema = z
  .string()
  .min(1)
  .max(MAX_SIGNAL_LENGTH, { abort: true })
  .superRefine(refineSignal);

export const PatternSchema = z.object({
  id: z
    .string()
    .max(MAX_PATTERN_ID_LENGTH)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'pattern ids are kebab-case, e.g. my-tool-error'),
  description: z.string().default(''),
  category: CategorySchema,
  signals: z.array(SignalSchema).min(1),
  strategy: StrategySchema,
  /** Strategies to try, in order, when the same error comes back after `strategy` (the same-error rule). */
  alternatives: z.array(StrategySchema).default([]),
  max_auto_retries: z.number().int().min(0).max(20).default(3),
  retryable: z.boolean().default(true),
  /**
   * How likely this failure is a root cause rather than a consequence of another (0–100). When several
   * patterns fire on the same incident, the higher priority wins: a missing module (80) explains the
   * failing tests (45) it causes.
   */
  priority: z.number().int().min(0).max(100).default(50),
  /** What a person should try, shown in escalation and dead-letter reports. */
  suggestion: z.string().default(''),
});
export type Pattern = z.infer<typeof PatternSchema>;
export type PatternInput = z.input<typeof PatternSchema>;
