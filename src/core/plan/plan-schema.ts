import { z } from 'zod';

/**
 * A Plan is the list of writes closed-loop wants on a pull request. Core builds it from facts;
 * src/github applies it (idempotently) or, in a dry run, prints the requests it would send.
 */

/** A hidden HTML comment that identifies a comment closed-loop owns, e.g. `<!-- closed-loop:sticky -->`. */
const MarkerSchema = z.string().regex(/^<!-- closed-loop:[a-z0-9][a-z0-9:._-]{0,99} -->$/, {
  message: 'a marker is a hidden HTML comment: <!-- closed-loop:name -->',
});

/** A key (a head SHA, a delivery id) that cannot break out of the hidden comment it is written into. */
const CommentKeySchema = z.string().regex(/^[A-Za-z0-9._:/-]{1,200}$/);

/** GitHub refuses comment bodies over 65,536 characters; the marker lines need room too. */
export const MAX_COMMENT_BODY = 65_000;

const LabelNameSchema = z.string().trim().min(1).max(50);

const UpsertCommentSchema = z.object({
  kind: z.literal('upsert_comment'),
  marker: MarkerSchema,
  body: z.string().max(MAX_COMMENT_BODY),
  /** With a key, one comment per key (e.g. per head SHA); without, one comment per marker. */
  key: CommentKeySchema.optional(),
  /** Only update the comment when it exists; never create it (a reply whose command was edited away). */
  only_if_exists: z.boolean().optional(),
});

const AddLabelsSchema = z.object({
  kind: z.literal('add_labels'),
  labels: z.array(LabelNameSchema).min(1).max(100),
});

const RemoveLabelsSchema = z.object({
  kind: z.literal('remove_labels'),
  labels: z.array(LabelNameSchema).min(1).max(100),
});

const LabelDefinitionSchema = z.object({
  name: LabelNameSchema,
  /** Six hex digits, no `#`, as the labels API wants. */
  color: z.string().regex(/^[0-9a-fA-F]{6}$/),
  description: z.string().max(100),
});

const EnsureLabelsSchema = z.object({
  kind: z.literal('ensure_labels'),
  labels: z.array(LabelDefinitionSchema).min(1).max(100),
});

const CHECK_STATUSES = ['queued', 'in_progress', 'completed'] as const;
const CHECK_CONCLUSIONS = [
  'success',
  'failure',
  'neutral',
  'cancelled',
  'skipped',
  'timed_out',
  'action_required',
] as const;

/** A file:line annotation in the Checks API's shape. */
const CheckAnnotationSchema = z.object({
  path: z.string().min(1).max(1000),
  start_line: z.number().int().positive(),
  end_line: z.number().int().positive(),
  start_column: z.number().int().positive().optional(),
  annotation_level: z.enum(['notice', 'warning', 'failure']),
  title: z.string().max(255),
  message: z
    .string()
    .min(1)
    .max(64 * 1024),
});

export const CheckRunSchema = z
  .object({
    kind: z.literal('check_run'),
    name: z.string().min(1).max(100),
    head_sha: z.string().regex(/^[0-9a-f]{40}$/, { message: 'head_sha is a full 40-character commit SHA' }),
    status: z.enum(CHECK_STATUSES),
    conclusion: z.enum(CHECK_CONCLUSIONS).optional(),
    output: z.object({
      title: z.string().min(1).max(1000),
      summary: z.string().max(65_535),
      text: z.string().max(65_535).optional(),
    }),
    /**
     * Sent 50 a request (the Checks API's limit); a run with annotations is a new run, so they never pile up.
     */
    annotations: z.array(CheckAnnotationSchema).max(1000).optional(),
  })
  .refine((c) => (c.status === 'completed') === (c.conclusion !== undefined), {
    message: 'a completed check run needs a conclusion, and only a completed one may have one',
    path: ['conclusion'],
  });

const PlanWriteSchema = z.discriminatedUnion('kind', [
  UpsertCommentSchema,
  AddLabelsSchema,
  RemoveLabelsSchema,
  EnsureLabelsSchema,
  CheckRunSchema,
]);
export const PlanSchema = z.array(PlanWriteSchema).max(100);

export type CheckAnnotation = z.infer<typeof CheckAnnotationSchema>;
export type UpsertComment = z.infer<typeof UpsertCommentSchema>;
export type AddLabels = z.infer<typeof AddLabelsSchema>;
export type RemoveLabels = z.infer<typeof RemoveLabelsSchema>;
export type LabelDefinition = z.infer<typeof LabelDefinitionSchema>;
export type EnsureLabels = z.infer<typeof EnsureLabelsSchema>;
export type CheckRun = z.infer<typeof CheckRunSchema>;
export type PlanWrite = z.infer<typeof PlanWriteSchema>;
export type Plan = z.infer<typeof PlanSchema>;
