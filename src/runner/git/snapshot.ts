import { currentBranch, dirtyFiles, headSha, repoRoot } from './repo.js';
import { isOwnArtifact, runGit, splitNul } from './run-git.js';
import { indexTree, worktreeTree } from './tree-of.js';

/**
 * The exact state of a working tree before a fix, as git objects (nothing on disk or in the index
 * changes when one is taken). `tree` holds every file as it is on disk, untracked ones included, so
 * the user's uncommitted work is part of it; `index` is what was staged.
 */
export interface Snapshot {
  root: string;
  head: string | null;
  branch: string | null;
  tree: string;
  index: string;
  /** Untracked (not ignored) files at the time, repository-relative. */
  untracked: string[];
  /** Files that already had the user's uncommitted changes (staged, unstaged or untracked). */
  dirty: string[];
}

/** Takes a snapshot of `cwd`'s repository before a fix; works on a dirty tree and on an unborn branch. */
export async function takeSnapshot(cwd: string): Promise<Snapshot> {
  const root = await repoRoot(cwd);
  const [head, branch, tree, index, others, dirty] = await Promise.all([
    headSha(root),
    currentBranch(root),
    worktreeTree(root),
    indexTree(root),
    runGit(root, ['ls-files', '--others', '--exclude-standard', '-z']),
    dirtyFiles(root),
  ]);
  const untracked = splitNul(others.stdout)
    .filter((path) => !isOwnArtifact(path))
    .sort();
  return { root, head, branch, tree, index, untracked, dirty };
}
