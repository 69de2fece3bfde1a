import { runGit } from './run-git.js';
import type { Snapshot } from './snapshot.js';

/**
 * Keeps the tree from before a fix under `refs/closed-loop/before-fix/<task>-<attempt>`, so that files
 * a kept fix rewrote while they held the user's uncommitted (or untracked) work can be brought back
 * after git's garbage collection too. Returns the ref.
 */
export async function keepBeforeFix(
  cwd: string,
  snapshot: Snapshot,
  taskId: string,
  attempt: number,
): Promise<string> {
  const ref = `refs/closed-loop/before-fix/${taskId}-${attempt}`;
  await runGit(cwd, ['update-ref', ref, snapshot.tree]);
  return ref;
}
