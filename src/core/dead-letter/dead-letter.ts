import { z } from 'zod';
import { AttemptSchema } from '../attempt.js';
import { LocationSchema } from '../diagnosis.js';
import { PatternSchema } from '../patterns/pattern.js';
import { CategorySchema, StrategySchema } from '../vocabulary.js';

export const DEAD_LETTER_VERSION = 1;

const BlockedReasonSchema = z.enum(['retry_budget_exhausted', 'unrecoverable_error']);
export type BlockedReason = z.infer<typeof BlockedReasonSchema>;

/** What the similar-failure search needs from a dead letter: its front matter, first error line and files. */
export const DeadLetterSummarySchema = z.object({
  task_id: z.string().min(1),
  original_task: z.string(),
  total_attempts: z.number().int().nonnegative(),
  /** The final pattern id; `unknown` when nothing matched (as in the signature). */
  final_pattern: z.string(),
  category: CategorySchema,
  strategies_exhausted: z.array(StrategySchema),
  blocked_at: z.string(),
  blocked_reason: z.string(),
  similar_failures: z.number().int().nonnegative(),
  error_signature: z.string(),
  /** The primary failing file's extension (from the signature), or `none`. */
  extension: z.string(),
  first_error_line: z.string(),
  error_code: z.string().nullable(),
  /** The final error as written in the report (masked, ≤ 2000 characters). */
  final_error: z.string(),
  files: z.array(z.string()),
});
export type DeadLetterSummary = z.infer<typeof DeadLetterSummarySchema>;

const SimilarFailureSchema = z.object({
  task_id: z.string(),
  description: z.string(),
  date: z.string(),
});

const SmartSuggestionsSchema = z.object({
  based_on: z.number().int().positive(),
  root_cause: z.string(),
  investigate: z.string(),
  alternative: z.string(),
  common_thread: z.string(),
  similar: z.array(SimilarFailureSchema),
});
export type SmartSuggestions = z.infer<typeof SmartSuggestionsSchema>;

const CandidatePatternSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{8}$/),
  pattern: PatternSchema,
  task_ids: z.array(z.string()),
  extension: z.string(),
  error_code: z.string().nullable(),
});
export type CandidatePattern = z.infer<typeof CandidatePatternSchema>;

/** A dead letter: the seed's front matter fields plus everything the report's sections show. Versioned. */
/** @public The dead letter's versioned schema: what a reader of dead-letter.md's front matter relies on. */
export const DeadLetterSchema = z.object({
  version: z.literal(DEAD_LETTER_VERSION),
  task_id: z.string().min(1),
  /** One line, for the front matter. */
  original_task: z.string(),
  /** The full task text, for "## Task Description". */
  task_description: z.string(),
  total_attempts: z.number().int().nonnegative(),
  final_pattern: z.string(),
  final_category: CategorySchema,
  final_confidence: z.number().min(0).max(1),
  strategies_exhausted: z.array(StrategySchema),
  blocked_at: z.string(),
  blocked_reason: BlockedReasonSchema,
  similar_failures: z.number().int().nonnegative(),
  error_signature: z.string(),
  attempts: z.array(AttemptSchema),
  /**
   * How each attempt reads in the error chain: `type-error (same)`, `analyze_then_fix (alternate)`,
   * `exhausted`.
   */
  attempt_labels: z.array(z.object({ pattern: z.string(), strategy: z.string() })),
  files_modified: z.array(z.string()),
  final_error: z.string(),
  locations: z.array(LocationSchema),
  smart_suggestions: SmartSuggestionsSchema.nullable(),
  candidate: CandidatePatternSchema.nullable(),
  manual_steps: z.array(z.string()),
  retry_context: z.array(z.string()),
});
export type DeadLetter = z.infer<typeof DeadLetterSchema>;
