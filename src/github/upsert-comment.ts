import { isTargetComment, renderCommentBody } from '../core/plan/comment-marker.js';
import type { UpsertComment } from '../core/plan/plan-schema.js';
import { mayHaveStored } from './github-write-error.js';
import {
  readFrom,
  sendWrite,
  type AppliedWrite,
  type GitHub,
  type PlanTarget,
  type PlannedRequest,
} from './github-request.js';

const LIST = 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments';
const CREATE = 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments';
const UPDATE = 'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}';
const DELETE = 'DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}';

interface ListedComment {
  id: number;
  body?: string | null;
  created_at: string;
  user?: { login: string } | null;
}

/**
 * Creates or updates the comment that carries the write's marker (and key). Duplicate deliveries
 * change nothing; when a race left two such comments, the oldest is kept and the others deleted.
 * With `author`, only comments by that login count (a PR author cannot plant a marker to take over).
 */
export async function upsertComment(
  octokit: GitHub,
  target: PlanTarget,
  write: UpsertComment,
  author?: string,
): Promise<AppliedWrite> {
  const body = renderCommentBody(write);
  const sent: PlannedRequest[] = [];
  let matches = await listMatches(octokit, target, write, author);
  const keep = matches[0];
  const what = write.key === undefined ? write.marker : `${write.marker} (key ${write.key})`;

  if (keep === undefined && write.only_if_exists === true) {
    return {
      kind: 'upsert_comment',
      outcome: 'unchanged',
      detail: `no comment ${what} to update`,
      requests: sent,
    };
  }
  for (let tries = 1; keep === undefined && matches.length === 0; tries++) {
    try {
      const result = await sendWrite(octokit, sent, CREATE, { ...target, body });
      const id = result.ok ? (result.data as { id: number }).id : undefined;
      return {
        kind: 'upsert_comment',
        outcome: 'created',
        detail: `created comment ${what}`,
        ...(id ? { id } : {}),
        requests: sent,
      };
    } catch (error) {
      // GitHub may have stored the comment before failing (a 502 on the way back): look before posting again.
      if (!mayHaveStored(error) || tries >= 2) throw error;
      matches = await listMatches(octokit, target, write, author);
    }
  }
  return updateKept(octokit, target, write, body, matches, sent, what);
}

async function listMatches(
  octokit: GitHub,
  target: PlanTarget,
  write: UpsertComment,
  author: string | undefined,
): Promise<ListedComment[]> {
  const params = { ...target, per_page: 100 };
  const comments: ListedComment[] = await readFrom(octokit, LIST, params, () =>
    octokit.paginate(LIST, params),
  );
  return comments
    .filter((c) => isTargetComment(c.body, write) && (author === undefined || c.user?.login === author))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
}

async function updateKept(
  octokit: GitHub,
  target: PlanTarget,
  write: UpsertComment,
  body: string,
  matches: ListedComment[],
  sent: PlannedRequest[],
  what: string,
): Promise<AppliedWrite> {
  const [keep, ...duplicates] = matches as [ListedComment, ...ListedComment[]];
  const changed = keep.body !== body;
  if (changed)
    await sendWrite(octokit, sent, UPDATE, {
      owner: target.owner,
      repo: target.repo,
      comment_id: keep.id,
      body,
    });
  for (const duplicate of duplicates) {
    // Another instance may have deleted it first: 404 is what we wanted.
    await sendWrite(
      octokit,
      sent,
      DELETE,
      { owner: target.owner, repo: target.repo, comment_id: duplicate.id },
      (s) => s === 404,
    );
  }
  const cleaned = duplicates.length > 0 ? `; deleted ${duplicates.length} duplicate(s)` : '';
  return {
    kind: 'upsert_comment',
    outcome: changed ? 'updated' : 'unchanged',
    detail: `${changed ? 'updated' : 'left unchanged'} comment ${keep.id} ${what}${cleaned}`,
    id: keep.id,
    requests: sent,
  };
}
