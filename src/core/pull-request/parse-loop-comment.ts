import type { LoopMemory } from './loop-memory.js';
import { LOOP_COMMENT_MARKER } from './render-loop-comment.js';
import { readStateBlock } from './state-block.js';

/** A body larger than this is not ours (GitHub caps a comment at 65,536 characters). */
const MAX_COMMENT_CHARS = 70_000;

/** Whether `body` is the sticky loop comment (it starts with the marker): how a driver finds it to upsert. */
export function isLoopComment(body: string): boolean {
  return body.trimStart().startsWith(LOOP_COMMENT_MARKER);
}

/**
 * The loop's memory from the sticky comment's hidden state block, or null when the body is not the
 * loop comment or anything in it is odd (too large, no block or two, bad base64 / JSON, a shape the
 * schema refuses). Untrusted input: anyone who can edit the comment wrote it. Never throws.
 */
export function parseLoopComment(body: string): LoopMemory | null {
  try {
    if (typeof body !== 'string' || body.length > MAX_COMMENT_CHARS || !isLoopComment(body)) return null;
    return readStateBlock(body);
  } catch {
    return null;
  }
}
