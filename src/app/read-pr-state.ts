import type { z } from 'zod';
import type { LoopMemory } from '../core/github/loop-memory.js';
import { isLoopComment, parseLoopComment } from '../core/github/parse-loop-comment.js';
import { readFrom, type GitHub, type PlanTarget } from '../github/github-request.js';
import { readSignedBlock } from './signed-block.js';

const LIST = 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments';

interface ListedComment { id: number; body?: string | null; created_at: string; user?: { login: string } | null }

export interface PrState<G> {
  /** The loop's memory (attempts, fix commits) from CI results; null before the first one. */
  memory: LoopMemory | null;
  /** The App's signed gate state; null when there is none yet (or it could not be trusted). */
  gates: G | null;
  /** Why a block was not used, for the log. */
  notes: string[];
}

/** The name of the App's signed block in the sticky loop comment. */
export const GATE_BLOCK = 'app-state';

/**
 * The pull request's state, all of it kept on GitHub: the sticky loop comment written by the App
 * (`author`), its memory block and its signed gate block. Only the App's own comment counts.
 */
export async function readPrState<G>(
  octokit: GitHub, target: PlanTarget, opts: { author: string; secret: string; gateSchema: z.ZodType<G> },
): Promise<PrState<G>> {
  const params = { ...target, per_page: 100 };
  const comments: ListedComment[] = await readFrom(octokit, LIST, params, () => octokit.paginate(LIST, params));
  const ours = comments
    .filter((c) => c.user?.login === opts.author && typeof c.body === 'string' && isLoopComment(c.body))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  const body = ours[0]?.body ?? null;
  if (body === null) return { memory: null, gates: null, notes: [] };
  const notes: string[] = [];
  const memory = parseLoopComment(body);
  const signed = readSignedBlock(body, GATE_BLOCK, opts.secret, opts.gateSchema);
  if (signed.kind === 'invalid') notes.push(`the gate state in the loop comment was not used: ${signed.why}; approvals must be given again`);
  return { memory, gates: signed.kind === 'ok' ? signed.value : null, notes };
}
