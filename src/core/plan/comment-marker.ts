import type { UpsertComment } from './plan-schema.js';

/** The hidden line that ties a comment to its key (e.g. the head SHA of a once-per-head report). */
export function keyLine(key: string): string {
  return `<!-- closed-loop:key ${key} -->`;
}

/**
 * The body closed-loop writes for an upsert: the marker first, the key line when there is one, then
 * the text. Writing the marker ourselves means a later run always finds the comment again.
 */
export function renderCommentBody(write: Pick<UpsertComment, 'marker' | 'key' | 'body'>): string {
  const head = write.key === undefined ? write.marker : `${write.marker}\n${keyLine(write.key)}`;
  return `${head}\n${write.body}`;
}

/** Whether an existing comment's body is the one an upsert targets: it carries the marker (and the key). */
export function isTargetComment(
  body: string | null | undefined,
  write: Pick<UpsertComment, 'marker' | 'key'>,
): boolean {
  if (!body || !body.includes(write.marker)) return false;
  return write.key === undefined || body.includes(keyLine(write.key));
}

/** A marker for a name: `markerFor('sticky')` is `<!-- closed-loop:sticky -->`. */
export function markerFor(name: string): string {
  return `<!-- closed-loop:${name} -->`;
}

/** The upsert of a comment closed-loop owns, by name: `commentWrite('sticky', body)`. */
export function commentWrite(name: string, body: string, key?: string): UpsertComment {
  return key === undefined
    ? { kind: 'upsert_comment', marker: markerFor(name), body }
    : { kind: 'upsert_comment', marker: markerFor(name), body, key };
}
