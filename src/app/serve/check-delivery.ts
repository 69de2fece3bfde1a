import { z } from 'zod';

const repository = z.looseObject({
  name: z.string().min(1),
  full_name: z.string().min(1),
  owner: z.looseObject({ login: z.string().min(1) }),
});
const installation = z.looseObject({ id: z.number().int().positive().optional() });
const sender = z.looseObject({ login: z.string() });
const withRepo = <T extends z.ZodRawShape>(shape: T) =>
  z.looseObject({ repository, installation: installation.optional(), sender, ...shape });
/** A date `new Date()` reads (a push's commit timestamp). */
const date = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date');

/** What the App's handlers read of each event they handle; other events need an object only. */
const HANDLED: Record<string, z.ZodType> = {
  pull_request: withRepo({
    action: z.string(),
    pull_request: z.looseObject({
      number: z.number().int().positive(),
      head: z.looseObject({ sha: z.string() }),
      base: z.looseObject({ ref: z.string() }),
    }),
  }),
  issue_comment: withRepo({
    action: z.string(),
    issue: z.looseObject({ number: z.number().int().positive() }),
    comment: z.looseObject({ id: z.number().int(), body: z.string().nullable() }),
  }),
  workflow_run: withRepo({
    action: z.string(),
    workflow_run: z.looseObject({ id: z.number().int().positive(), head_sha: z.string() }),
  }),
  check_run: withRepo({
    action: z.string(),
    check_run: z.looseObject({ name: z.string(), head_sha: z.string() }),
  }),
  push: withRepo({
    ref: z.string(),
    commits: z.array(z.looseObject({ id: z.string(), message: z.string(), timestamp: date })).nullish(),
  }),
  merge_group: withRepo({
    action: z.string(),
    merge_group: z.looseObject({ head_sha: z.string(), head_ref: z.string(), base_ref: z.string() }),
  }),
};

const EVENT = /^[a-z][a-z0-9_]{0,63}$/;
const DELIVERY_ID = /^[A-Za-z0-9-]{1,100}$/;

/**
 * Why a signed delivery cannot be handled, in one line, or null when it can: an event name that is not
 * one (`__proto__`, `constructor`), a delivery id that is not one, a payload that is not a JSON object
 * (`null`), or one without the fields the App's handler for that event reads. Checked before it is
 * queued, so such a delivery ends in one log line and a 400, never in a stack trace in a worker.
 */
export function checkDelivery(name: string, id: string, payload: unknown): string | null {
  if (!EVENT.test(name) || Object.prototype.hasOwnProperty.call(Object.prototype, name))
    return `the event name ${JSON.stringify(name.slice(0, 64))} is not a GitHub event`;
  if (!DELIVERY_ID.test(id)) return 'the delivery id is not a GitHub delivery id';
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
    return `the payload is ${payload === null ? 'null' : Array.isArray(payload) ? 'an array' : typeof payload}, not a JSON object`;
  const schema = HANDLED[name];
  if (schema === undefined) return null;
  const parsed = schema.safeParse(payload);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return `the ${name} payload lacks what the App reads: ${issue?.path.join('.') || '(top)'}: ${issue?.message ?? 'invalid'}`;
}
