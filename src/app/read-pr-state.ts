import type { z } from 'zod';
import { CiPrStateSchema, type CiPrState } from '../core/pull-request/ci-state.js';
import type { LoopMemory } from '../core/pull-request/loop-memory.js';
import { isLoopComment, parseLoopComment } from '../core/pull-request/parse-loop-comment.js';
import { readFrom, type GitHub, type PlanTarget } from '../github/github-request.js';
import { readCommentEditor, sameLogin, type GraphqlClient } from '../github/read-comment-editor.js';
import { readSignedBlock } from './signed-block.js';
import type { OwnCommentEdits } from '../github/own-comment-edits.js';

const LIST = 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments';

interface ListedComment {
  id: number;
  node_id?: string;
  body?: string | null;
  created_at: string;
  updated_at?: string;
  user?: { login: string } | null;
}

export interface PrState<G> {
  /** The loop's memory (attempts, fix commits) from CI results; null before the first one. */
  memory: LoopMemory | null;
  /** The App's signed gate state; null when there is none yet (or it could not be trusted). */
  gates: G | null;
  /**
   * The App's signed memory of red runs without the Action; empty when there is none (or it could not be
   * trusted).
   */
  ci: CiPrState;
  /** Why a block was not used, for the log. */
  notes: string[];
}

/**
 * The names of the App's signed blocks in the sticky loop comment: the gates, and the red runs it diagnosed.
 */
export const GATE_BLOCK = 'app-state';
export const CI_STATE_BLOCK = 'ci-state';

/**
 * The pull request's state, all of it kept on GitHub: the sticky loop comment written by the App
 * (`author`), its memory block and its signed gate block. Only the App's own comment counts.
 */
export async function readPrState<G>(
  octokit: GitHub & GraphqlClient,
  target: PlanTarget,
  opts: {
    author: string;
    secret: string;
    gateSchema: z.ZodType<G>;
    ownEdits?: OwnCommentEdits | undefined;
    /**
     * The signed state without what may not be used unverified (the approvals): what is left when who made
     * the comment's last edit cannot be read.
     */
    unverified: (state: G) => G;
  },
): Promise<PrState<G>> {
  const params = { ...target, per_page: 100 };
  const comments: ListedComment[] = await readFrom(octokit, LIST, params, () =>
    octokit.paginate(LIST, params),
  );
  const ours = comments
    .filter((c) => c.user?.login === opts.author && typeof c.body === 'string' && isLoopComment(c.body))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  const body = ours[0]?.body ?? null;
  if (body === null) return { memory: null, gates: null, ci: { runs: [] }, notes: [] };
  const notes: string[] = [];
  const memory = parseLoopComment(body);
  const signed = readSignedBlock(body, GATE_BLOCK, opts.secret, opts.gateSchema);
  const ciBlock = readSignedBlock(body, CI_STATE_BLOCK, opts.secret, CiPrStateSchema);
  if (signed.kind === 'invalid')
    notes.push(
      `the gate state in the loop comment was not used: ${signed.why}; approvals must be given again`,
    );
  if (ciBlock.kind === 'invalid') notes.push(`the CI state in the loop comment was not used: ${ciBlock.why}`);
  const ci = ciBlock.kind === 'ok' ? ciBlock.value : { runs: [] };
  if (signed.kind !== 'ok' && ci.runs.length === 0) return { memory, gates: null, ci, notes };
  // A signature proves the App wrote the block once, not that it is the App's latest: a person can put
  // back an earlier body from the comment's edit history (and an approval withdrawn since). So the
  // state counts only while the App itself made the comment's last edit — known without asking when
  // the comment still has the `updated_at` of this instance's own last write.
  const own = opts.ownEdits?.isLastEdit(ours[0]!.id, ours[0]!.updated_at) ?? false;
  const editor = own ? { login: null } : await lastEditor(octokit, ours[0]?.node_id);
  if ('failed' in editor) {
    // Fails closed: an approval that cannot be told from one replayed from the edit history does not
    // count. The rest of the state (its signature holds) is kept: a GitHub outage is no sign of an edit.
    notes.push(
      `could not read who last edited the loop comment (${editor.failed}), so its approvals cannot be told from ones put back from its edit history: they are not used; approvals must be given again`,
    );
    return { memory, gates: signed.kind === 'ok' ? opts.unverified(signed.value) : null, ci, notes };
  }
  if (editor.login !== null && !sameLogin(editor.login, opts.author)) {
    notes.push(
      `the loop comment was last edited by @${editor.login}, not the App, so its gate state is not trusted; approvals must be given again`,
    );
    return { memory, gates: null, ci: { runs: [] }, notes };
  }
  return { memory, gates: signed.kind === 'ok' ? signed.value : null, ci, notes };
}

/** Who last edited the comment (null: nobody), or why it could not be read. */
async function lastEditor(
  octokit: GraphqlClient,
  nodeId: string | undefined,
): Promise<{ login: string | null } | { failed: string }> {
  if (nodeId === undefined) return { failed: 'GitHub gave no node id for it' };
  try {
    return { login: await readCommentEditor(octokit, nodeId) };
  } catch (error) {
    return { failed: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error) };
  }
}
