import type { Attempt } from '../attempt.js';
import { maskSecrets } from '../report/mask-secrets.js';
import { decodeBase64Json, encodeBase64Json } from './base64-json.js';
import { LoopMemorySchema, type LoopMemory } from './loop-memory.js';
import { compactAttempt } from './merge-memory.js';

/** The start of the hidden block that carries the machine state, then the version of its format. */
export const STATE_BLOCK_PREFIX = '<!-- closed-loop:state v1 ';
const STATE_BLOCK_END = ' -->';
const ANY_STATE_BLOCK = '<!-- closed-loop:state';

/** The most base64 a state block may hold when read back (64 KB); anything larger is refused. */
const MAX_STATE_CHARS = 64 * 1024;
/**
 * What a rendered state block holds at most: with the table, the whole comment stays under GitHub's
 * 65,536-character limit on a comment body.
 */
const STATE_BUDGET_CHARS = 44 * 1024;

const clip = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

/**
 * The memory with every free text masked (before it is encoded, so the hidden block leaks nothing either).
 */
function maskMemory(memory: LoopMemory, secrets: readonly string[] = []): LoopMemory {
  const mask = (text: string) => maskSecrets(text, secrets);
  const attempts = memory.attempts.map((a): Attempt =>
    compactAttempt({
      ...a,
      action: mask(a.action),
      result: mask(a.result),
      error: a.error === null ? null : mask(a.error),
      files_modified: a.files_modified.map(mask),
      signature: a.signature === null ? null : mask(a.signature),
    }),
  );
  const task = mask(memory.task_id);
  return { ...memory, task_id: task.length > 0 ? task.slice(0, 200) : '***', attempts };
}

/**
 * The memory cut until its encoding fits `budget`, keeping as many attempts as it can: first the texts
 * of all but the newest three attempts, then all but the newest one (whose error the same-error rule
 * compares), then all; only then the oldest attempts, and last all but ten fix commits.
 * Numbers, patterns, strategies and signatures are never changed, only dropped with their attempt.
 */
function fitMemory(memory: LoopMemory, budget: number = STATE_BUDGET_CHARS): LoopMemory {
  const fits = (m: LoopMemory) => encodeBase64Json(m).length <= budget;
  const shrink = (a: Attempt): Attempt => ({
    ...a,
    action: clip(a.action, 80),
    result: clip(a.result, 80),
    error: a.error === null ? null : clip(a.error, 160),
    files_modified: a.files_modified.slice(0, 2).map((f) => clip(f, 100)),
  });
  const n = memory.attempts.length;
  const shrinkAllBut = (keep: number): LoopMemory => ({
    ...memory,
    attempts: memory.attempts.map((a, i) => (i < n - keep ? shrink(a) : a)),
  });
  if (fits(memory)) return memory;
  for (const keep of [3, 1, 0]) {
    const next = shrinkAllBut(keep);
    if (fits(next)) return next;
  }
  for (const keep of [1, 0]) {
    let next = shrinkAllBut(keep);
    while (!fits(next) && next.attempts.length > 1) next = { ...next, attempts: next.attempts.slice(1) };
    if (fits(next)) return next;
  }
  const last = shrinkAllBut(0);
  return { ...last, attempts: last.attempts.slice(-1), fix_commits: last.fix_commits.slice(-10) };
}

/** The memory as the comment shows and stores it: masked first, then fitted to the state budget. */
export function prepareMemory(memory: LoopMemory, secrets: readonly string[] = []): LoopMemory {
  return fitMemory(maskMemory(memory, secrets));
}

/** `<!-- closed-loop:state v1 BASE64 -->` for a memory already prepared (`prepareMemory`). */
export function renderStateBlock(prepared: LoopMemory): string {
  return `${STATE_BLOCK_PREFIX}${encodeBase64Json(prepared)}${STATE_BLOCK_END}`;
}

/**
 * The memory in `body`'s one state block, or null: no block, two blocks, another version, over 64 KB,
 * bad base64, bad JSON, or a shape the schema refuses. Never throws: the body is untrusted.
 */
export function readStateBlock(body: string): LoopMemory | null {
  const first = body.indexOf(ANY_STATE_BLOCK);
  if (first < 0 || body.indexOf(ANY_STATE_BLOCK, first + 1) >= 0) return null;
  if (!body.startsWith(STATE_BLOCK_PREFIX, first)) return null;
  const start = first + STATE_BLOCK_PREFIX.length;
  const end = body.indexOf(STATE_BLOCK_END, start);
  if (end < 0 || end - start > MAX_STATE_CHARS) return null;
  const parsed = LoopMemorySchema.safeParse(decodeBase64Json(body.slice(start, end)));
  return parsed.success ? parsed.data : null;
}
