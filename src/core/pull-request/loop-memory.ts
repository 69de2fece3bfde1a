import { z } from 'zod';
import { AttemptSchema } from '../attempt.js';
import { LoopResultSchema } from '../loop-result.js';

/** The attempts a PR's memory keeps, newest last; older ones are dropped (their numbers are not reused). */
export const MEMORY_MAX_ATTEMPTS = 50;
/** The fix commits a PR's memory keeps, newest last. */
export const MEMORY_MAX_FIX_COMMITS = 100;
/** The fixes one commit's entry names (a run's fix commits squashed into one). */
export const MEMORY_MAX_FIXES_PER_COMMIT = 20;

/** Bounds on each text an attempt carries, so a memory read back from a comment stays small. */
export const ATTEMPT_TEXT_LIMITS = { action: 500, result: 500, error: 2000, path: 300, files: 50 } as const;

const Sha = z.string().regex(/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/, 'a full commit SHA');

/** An attempt as the memory keeps it: the shape of `Attempt`, every field bounded. */
const MemoryAttemptSchema = AttemptSchema.extend({
  timestamp: z.string().max(64),
  action: z.string().max(ATTEMPT_TEXT_LIMITS.action),
  result: z.string().max(ATTEMPT_TEXT_LIMITS.result),
  error: z.string().max(ATTEMPT_TEXT_LIMITS.error).nullable(),
  pattern_matched: z.string().max(100).nullable(),
  files_modified: z.array(z.string().max(ATTEMPT_TEXT_LIMITS.path)).max(ATTEMPT_TEXT_LIMITS.files),
  signature: z.string().max(200).nullable().default(null),
});

/**
 * The loop's memory of one pull request across CI runs, kept in the sticky loop comment's hidden
 * state block: the attempt history (so the same-error rule and the retry budget hold across pushes),
 * the fix commits the loop put on the branch, and how many it pushed (for the push cap).
 * Read back as untrusted input: anyone with write access can edit the comment.
 */
export const LoopMemorySchema = z.object({
  version: z.literal(1),
  /** The head commit the last merged run evaluated. */
  head_sha: Sha,
  task_id: z.string().min(1).max(200),
  /** Newest last; numbers keep increasing across runs. */
  attempts: z.array(MemoryAttemptSchema).max(MEMORY_MAX_ATTEMPTS),
  /** Fix commits on the pull request's branch, newest last. */
  fix_commits: z
    .array(
      z.object({
        sha: Sha,
        attempt: z.number().int().positive(),
        /**
         * Every fix one commit carries, oldest first, when it carries several (the App commits the Action's
         * fix.patch, all the fix commits of its run, as one); absent, the commit is the fix its attempt made.
         */
        fixes: z
          .array(
            z.object({
              attempt: z.number().int().positive(),
              strategy: z.string().max(50),
              pattern: z.string().max(100).nullable(),
            }),
          )
          .max(MEMORY_MAX_FIXES_PER_COMMIT)
          .optional(),
      }),
    )
    .max(MEMORY_MAX_FIX_COMMITS),
  /** Fix commits the loop pushed on this PR, ever (not capped with `fix_commits`). */
  bot_pushes: z.number().int().nonnegative().max(1_000_000),
  status: LoopResultSchema.shape.status,
  /** The coding agent's runs and time on this pull request, ever (for agent.max_runs.per_pull_request). */
  agent: z
    .object({
      runs: z.number().int().nonnegative().max(1_000_000),
      duration_ms: z.number().int().nonnegative(),
    })
    .optional(),
});
export type LoopMemory = z.infer<typeof LoopMemorySchema>;
