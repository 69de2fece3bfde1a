import { z } from 'zod';
import { StrategySchema } from './vocabulary.js';

/**
 * One attempt, as the seed's attempt history records it (snake_case kept: it is written to
 * attempts-<task>.md).
 */
export const AttemptSchema = z.object({
  attempt: z.number().int().positive(),
  timestamp: z.string(),
  action: z.string(),
  result: z.string(),
  /** The error excerpt (≤ 2000 characters) or null when the attempt succeeded. */
  error: z.string().nullable(),
  pattern_matched: z.string().nullable(),
  strategy_used: StrategySchema.nullable(),
  duration_ms: z.number().int().nonnegative(),
  files_modified: z.array(z.string()),
  /** The analyzer's error signature for this attempt's failure, when it failed. */
  signature: z.string().nullable().default(null),
});
export type Attempt = z.infer<typeof AttemptSchema>;
