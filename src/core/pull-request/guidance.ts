import { z } from 'zod';
import { decodeBase64Json, encodeBase64Json } from './base64-json.js';

/** The most a person's guidance may say: enough for a paragraph, not a log. */
export const MAX_GUIDANCE_CHARS = 2000;

/** `/close-loop fix <guidance>`: who asked, when, for which head, and their words. */
export const GuidanceSchema = z.strictObject({
  by: z.string().regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/),
  at: z.iso.datetime(),
  head_sha: z.string().regex(/^[0-9a-f]{40}$/),
  text: z.string().trim().min(1).max(MAX_GUIDANCE_CHARS),
});
export type Guidance = z.infer<typeof GuidanceSchema>;

const PREFIX = '<!-- closed-loop:guidance v1 ';
const END = ' -->';

/**
 * The guidance as a hidden block of the sticky comment, for the Action's next run: it cannot check the
 * App's signature, so the App writes this copy in the open (base64, so nothing in it closes the comment).
 */
export function renderGuidanceBlock(guidance: Guidance): string {
  return `${PREFIX}${encodeBase64Json(guidance)}${END}`;
}

/** The guidance block in a comment's body, or null (none, or not a valid one). Never throws. */
export function readGuidanceBlock(body: string): Guidance | null {
  const start = body.indexOf(PREFIX);
  if (start < 0) return null;
  const end = body.indexOf(END, start + PREFIX.length);
  if (end < 0 || end - start > 8 * 1024) return null;
  const parsed = GuidanceSchema.safeParse(decodeBase64Json(body.slice(start + PREFIX.length, end)));
  return parsed.success ? parsed.data : null;
}
