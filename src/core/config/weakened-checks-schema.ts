import { z } from 'zod';
import { SignalSchema } from '../patterns/pattern.js';
import { BUILT_IN_RULE_IDS } from '../validate/weakening-policy.js';
import { didYouMean } from './did-you-mean.js';

const RuleId = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'rule ids are kebab-case, e.g. no-skip-ci');

/** A rule id that must be a built-in one (or `*` where allowed), with a did-you-mean on a typo. */
const knownRule = (star: boolean) =>
  z
    .string()
    .min(1)
    .superRefine((id, ctx) => {
      if (BUILT_IN_RULE_IDS.includes(id) || (star && id === '*')) return;
      const suggestion = didYouMean(id, [...BUILT_IN_RULE_IDS]);
      ctx.addIssue({
        code: 'custom',
        input: id,
        message: `no built-in rule "${id}" (the list is in docs/config.md)`,
        ...(suggestion ? { params: { hint: `did you mean "${suggestion}"?` } } : {}),
      });
    });

const RuleAddSchema = z
  .strictObject({
    id: RuleId.describe('A kebab-case id for the rule, shown in refusals.'),
    does: z
      .string()
      .min(1)
      .describe('What a change that breaks the rule does, e.g. "adds a `pragma: no cover`".'),
    added: SignalSchema.optional().describe(
      'A substring (case-insensitive) or /regex/flags refused in lines a change adds.',
    ),
    removed: SignalSchema.optional().describe(
      'A substring (case-insensitive) or /regex/flags refused in lines a change removes.',
    ),
    paths: z
      .array(z.string().min(1))
      .default([])
      .describe('Globs of files the rule applies to; [] means every file.'),
  })
  .refine((rule) => rule.added !== undefined || rule.removed !== undefined, {
    message: 'a rule needs `added` or `removed` (or both)',
  });

export const WeakenedChecksSchema = z
  .strictObject({
    enabled: z
      .boolean()
      .default(true)
      .describe('Whether generated changes that weaken a check instead of fixing its cause are refused.'),
    expected_values: z
      .enum(['refuse', 'allow'])
      .default('refuse')
      .describe(
        "While a test check fails, whether a fix may change tests' expected values (refuse: fix the code under test).",
      ),
    disable: z.array(knownRule(false)).default([]).describe('Built-in rule ids to switch off everywhere.'),
    allow: z
      .array(
        z.strictObject({
          rules: z
            .array(knownRule(true))
            .min(1)
            .describe('Built-in rule ids (or `*` for all) that do not apply under `paths`.'),
          paths: z.array(z.string().min(1)).min(1).describe('Globs of files where those rules are relaxed.'),
        }),
      )
      .default([])
      .describe('Rules relaxed for some paths, e.g. `eslint-disable` in generated code.'),
    add: z.array(RuleAddSchema).default([]).describe('Rules of your own, refused like the built-in ones.'),
  })
  .prefault({});
export type WeakenedChecksConfig = z.infer<typeof WeakenedChecksSchema>;
