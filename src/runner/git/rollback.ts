import { readdir, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { currentBranch, headSha } from './repo.js';
import { runGit, splitNul } from './run-git.js';
import { changedSince, type FileChange } from './changed-since.js';
import type { Snapshot } from './snapshot.js';

/** A rollback that could not restore the snapshot exactly; the message says what is left and why. */
export class RollbackError extends Error {
  override readonly name = 'RollbackError';
}

const nul = (paths: readonly string[]): string => paths.map((path) => `${path}\0`).join('');
const PATHS_FROM_STDIN = ['--pathspec-from-file=-', '--pathspec-file-nul'];

/**
 * Puts back exactly the state at `snapshot` for what changed since, and nothing else: files the fix
 * modified or deleted come back from the snapshot (the user's uncommitted edits included), files it
 * created are deleted, staged entries it changed are reset, and a commit it made on the same branch is
 * undone (`reset --soft`; the commit stays in the reflog). Every other file is left byte for byte.
 */
export async function rollback(_cwd: string, snapshot: Snapshot): Promise<FileChange[]> {
  const { root } = snapshot;
  await restoreHead(root, snapshot);
  const staged = splitNul(
    (await runGit(root, ['diff-index', '--cached', '--name-only', '-z', snapshot.index])).stdout,
  );
  if (staged.length > 0)
    await runGit(root, ['reset', '--quiet', snapshot.index, ...PATHS_FROM_STDIN], { input: nul(staged) });

  const changes = await changedSince(root, snapshot);
  const created = changes.filter((c) => c.status === 'added').map((c) => c.path);
  const restored = changes.filter((c) => c.status !== 'added').map((c) => c.path);
  for (const path of created) await removeWithEmptyParents(root, path);
  if (restored.length > 0) {
    await runGit(root, ['restore', `--source=${snapshot.tree}`, '--worktree', ...PATHS_FROM_STDIN], {
      input: nul(restored),
    });
  }
  const left = await changedSince(root, snapshot);
  if (left.length > 0) {
    throw new RollbackError(
      `rollback left ${left.length} file(s) different from before the fix: ${left.map((c) => c.path).join(', ')}; ` +
        `the state before the fix is tree ${snapshot.tree} (git restore --source=${snapshot.tree} -- <path> brings a file back)`,
    );
  }
  return changes;
}

async function restoreHead(root: string, snapshot: Snapshot): Promise<void> {
  const head = await headSha(root);
  if (head === snapshot.head) return;
  const branch = await currentBranch(root);
  if (branch !== snapshot.branch) {
    throw new RollbackError(
      `HEAD moved from ${snapshot.branch ?? 'a detached HEAD'} to ${branch ?? 'a detached HEAD'} during the fix; ` +
        `closed-loop will not move another branch: check out ${snapshot.branch ?? snapshot.head ?? 'the branch'} and run again`,
    );
  }
  if (snapshot.head === null) await runGit(root, ['update-ref', '-d', 'HEAD']);
  else await runGit(root, ['reset', '--soft', '--quiet', snapshot.head]);
}

/** Deletes a file the fix created, then the folders it leaves empty (up to, never including, the root). */
async function removeWithEmptyParents(root: string, path: string): Promise<void> {
  await rm(join(root, path), { force: true });
  for (let dir = dirname(path); dir !== '.' && dir !== ''; dir = dirname(dir)) {
    const entries = await readdir(join(root, dir)).catch(() => null);
    if (entries === null || entries.length > 0) return;
    await rmdir(join(root, dir));
  }
}
