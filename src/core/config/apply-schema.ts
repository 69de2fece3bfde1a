import { z } from 'zod';
import { PatternSchema } from '../patterns/pattern.js';

const APPLY_MODES = ['commit', 'suggest'] as const;
export type ApplyMode = (typeof APPLY_MODES)[number];

const ModeSchema = z.enum(APPLY_MODES);

const ApplyRuleSchema = z.strictObject({
  paths: z
    .array(z.string().min(1))
    .default([])
    .describe('Globs of files the rule covers; [] means every file.'),
  patterns: z
    .array(PatternSchema.shape.id)
    .default([])
    .describe('Failure-pattern ids (built-in or added) whose fixes the rule covers; [] means every pattern.'),
  mode: ModeSchema.describe(
    'commit: the App commits the fix; suggest: it proposes the fix as a review with suggested changes.',
  ),
});

/**
 * How the App lands a verified fix: committed onto the branch, or proposed as one pull-request review
 * of suggested changes that a person commits (or `/close-loop apply`). Fork pull requests always get
 * suggestions, whatever the config says: the App may not push there.
 */
export const ApplySchema = z
  .strictObject({
    mode: ModeSchema.default('commit').describe(
      "The repository's mode: commit (the default: a verified, guarded fix is committed; `/close-loop undo` reverts it) or suggest (every fix is proposed first).",
    ),
    rules: z
      .array(ApplyRuleSchema)
      .default([])
      .describe(
        "Per path and per pattern: for each file of a fix the last rule that matches it (and the fix's pattern) decides; the fix is committed only when every file says commit.",
      ),
  })
  .prefault({});
export type ApplyConfig = z.infer<typeof ApplySchema>;
