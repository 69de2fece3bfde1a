import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export type SignedBody =
  | { kind: 'ok'; body: string }
  /** No `X-Hub-Signature-256: sha256=<64 hex>`, or its body passed the small cap: nothing was kept. */
  | { kind: 'unsigned' }
  | { kind: 'bad-signature' }
  | { kind: 'too-large'; limit: number }
  /** Too many bytes of other unverified bodies are held at this moment. */
  | { kind: 'busy' };

export interface SignedBodyLimits {
  /** A body with a well-formed signature: GitHub's own cap on payloads, 25 MB. */
  maxBytes: number;
  /** A body without one: read (and dropped) up to this, refused at the first byte past it. */
  unsignedMaxBytes: number;
  /** Bytes of bodies not yet verified that all requests together may hold. */
  budget: { held: number; max: number };
}

export const DEFAULT_BODY_LIMITS = {
  maxBytes: 25 * 1024 * 1024,
  unsignedMaxBytes: 64 * 1024,
  unverifiedMaxBytes: 100 * 1024 * 1024,
};

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/**
 * Reads a webhook delivery's body while its HMAC-SHA256 is computed, chunk by chunk. A delivery without a
 * well-formed signature keeps no byte and is refused at the first byte past `unsignedMaxBytes`; a signed
 * one is held up to `maxBytes`, and only while the bytes held for all unverified bodies stay within the
 * shared budget (a flood of big bodies with made-up signatures cannot fill the memory). The body is given
 * back only when its signature matches `secret`.
 */
export async function readSignedBody(
  req: IncomingMessage,
  signature: string,
  secret: string,
  limits: SignedBodyLimits,
): Promise<SignedBody> {
  const expected = SIGNATURE.exec(signature.trim())?.[1]?.toLowerCase() ?? null;
  const cap = expected === null ? limits.unsignedMaxBytes : limits.maxBytes;
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > cap)
    return expected === null ? { kind: 'unsigned' } : { kind: 'too-large', limit: cap };
  const hmac = createHmac('sha256', secret);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > cap) return expected === null ? { kind: 'unsigned' } : { kind: 'too-large', limit: cap };
      if (expected === null) continue;
      if (limits.budget.held + chunk.length > limits.budget.max) return { kind: 'busy' };
      limits.budget.held += chunk.length;
      chunks.push(chunk);
      hmac.update(chunk);
    }
  } finally {
    limits.budget.held -= chunks.reduce((sum, c) => sum + c.length, 0);
  }
  if (expected === null) return { kind: 'unsigned' };
  const given = Buffer.from(expected, 'hex');
  const digest = hmac.digest();
  if (!timingSafeEqual(given, digest)) return { kind: 'bad-signature' };
  return { kind: 'ok', body: Buffer.concat(chunks).toString('utf8') };
}
