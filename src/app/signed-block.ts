import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { decodeBase64Json, encodeBase64Json } from '../core/pull-request/base64-json.js';

/**
 * The largest signed block read back: the gate state is far smaller, the CI state and the flaky record are
 * capped below it.
 */
const MAX_BLOCK_CHARS = 16 * 1024;

const prefix = (name: string) => `<!-- closed-loop:${name} v1 `;
const END = ' -->';

function sign(name: string, payload: string, secret: string): string {
  return createHmac('sha256', secret).update(`${name}\n${payload}`).digest('hex');
}

/**
 * A hidden block `<!-- closed-loop:NAME v1 BASE64.SIGNATURE -->`. Anyone with write access can edit
 * the App's comments, so the App signs what it stores there (HMAC-SHA256 with its webhook secret):
 * an approval typed into the comment by hand is not an approval.
 */
export function renderSignedBlock(name: string, value: unknown, secret: string): string {
  const payload = encodeBase64Json(value);
  return `${prefix(name)}${payload}.${sign(name, payload, secret)}${END}`;
}

export type SignedRead<T> = { kind: 'none' } | { kind: 'ok'; value: T } | { kind: 'invalid'; why: string };

/** The block's value when its signature and shape are right. Never throws: the body is untrusted. */
export function readSignedBlock<T>(
  body: string,
  name: string,
  secret: string,
  schema: z.ZodType<T>,
): SignedRead<T> {
  const start = body.indexOf(prefix(name));
  if (start < 0) return { kind: 'none' };
  const from = start + prefix(name).length;
  const end = body.indexOf(END, from);
  if (end < 0 || end - from > MAX_BLOCK_CHARS)
    return { kind: 'invalid', why: 'the block is cut off or too large' };
  const [payload = '', signature = ''] = body.slice(from, end).split('.');
  const expected = Buffer.from(sign(name, payload, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return {
      kind: 'invalid',
      why: 'its signature does not match (edited by hand, or the webhook secret changed)',
    };
  }
  const parsed = schema.safeParse(decodeBase64Json(payload));
  return parsed.success
    ? { kind: 'ok', value: parsed.data }
    : { kind: 'invalid', why: 'its content has an unexpected shape' };
}
