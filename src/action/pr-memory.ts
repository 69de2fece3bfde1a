import type { LoopMemory } from '../core/pull-request/loop-memory.js';
import { readGuidanceBlock, type Guidance } from '../core/pull-request/guidance.js';
import { isLoopComment, parseLoopComment } from '../core/pull-request/parse-loop-comment.js';
import type { GitHub, PlanTarget } from '../github/apply-plan.js';
import { toGitHubWriteError } from '../github/github-write-error.js';

/** The login the Action's GITHUB_TOKEN writes as: only its comments are the loop's. */
export const ACTIONS_BOT = 'github-actions[bot]';

const LIST = 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments';

interface ListedComment {
  id: number;
  body?: string | null;
  created_at: string;
  user?: { login: string } | null;
}

export interface MemoryRead {
  memory: LoopMemory | null;
  /** Why there is no memory, for the log: none yet, unreadable, or odd. */
  why: string;
  /**
   * A person's `/close-loop fix` guidance for this head, from the App's loop comment (the App checked who
   * gave it; only a bot's loop comment is read, and editing it needs write access anyway); null when none.
   */
  guidance: Guidance | null;
}

/**
 * The loop's memory of this pull request: the state block of the sticky loop comment written by
 * `author` (the oldest, as the upsert keeps the oldest), parsed as untrusted input; and, for `headSha`, a
 * person's guidance the App recorded. Never throws: a memory that cannot be read is a fresh start, and
 * the reason is returned for the log.
 */
export async function readPrMemory(
  octokit: GitHub,
  target: PlanTarget,
  author: string = ACTIONS_BOT,
  headSha?: string,
): Promise<MemoryRead> {
  const params = { ...target, per_page: 100 };
  let comments: ListedComment[];
  try {
    comments = await octokit.paginate(LIST, params);
  } catch (error) {
    const { method, url } = octokit.request.endpoint(LIST, params);
    return {
      memory: null,
      why: `could not read the pull request's comments: ${toGitHubWriteError(error, method, url).message}`,
      guidance: null,
    };
  }
  const guidance = guidanceFor(comments, headSha);
  const ours = comments
    .filter((c) => c.user?.login === author && typeof c.body === 'string' && isLoopComment(c.body))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  const comment = ours[0];
  if (comment === undefined)
    return { memory: null, why: 'no loop comment on this pull request yet', guidance };
  const memory = parseLoopComment(comment.body ?? '');
  return memory === null
    ? {
        memory: null,
        why: `loop comment ${comment.id} has no valid state block (edited by hand?); starting fresh`,
        guidance,
      }
    : {
        memory,
        why: `read ${memory.attempts.length} earlier attempt(s) from loop comment ${comment.id}`,
        guidance,
      };
}

/** The guidance for `headSha` in the oldest loop comment a bot wrote (the App's), or null. */
function guidanceFor(comments: readonly ListedComment[], headSha: string | undefined): Guidance | null {
  if (headSha === undefined) return null;
  const loop = comments
    .filter(
      (c) => (c.user?.login ?? '').endsWith('[bot]') && typeof c.body === 'string' && isLoopComment(c.body),
    )
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  for (const c of loop) {
    const guidance = readGuidanceBlock(c.body ?? '');
    if (guidance !== null) return guidance.head_sha === headSha ? guidance : null;
  }
  return null;
}
