import { copyFile, mkdtemp, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { GitError, runGit } from './run-git.js';

/** The index has unresolved merge conflicts: no tree can be written from it. */
export class UnmergedIndexError extends Error {
  override readonly name = 'UnmergedIndexError';
  constructor(readonly root: string) {
    super(
      `the index of ${root} has unresolved merge conflicts; resolve them (git status lists them) and run again`,
    );
  }
}

/**
 * Runs `work` with a private copy of the repository's index in GIT_INDEX_FILE, so nothing we stage
 * ever touches the user's index. The copy keeps git's stat cache: unchanged files are not re-read.
 * It also keeps the index's mtime (to the second, never later): git treats an entry as "racily clean"
 * — and re-reads the file — when the file is not older than the index, so a copy stamped "now" would
 * hide a same-size edit made in the second the index was written.
 */
async function withIndexCopy<T>(root: string, work: (env: Record<string, string>) => Promise<T>): Promise<T> {
  const { stdout } = await runGit(root, ['rev-parse', '--git-path', 'index']);
  const real = stdout.trim();
  const dir = await mkdtemp(join(tmpdir(), 'closed-loop-index-'));
  const copy = join(dir, 'index');
  try {
    await copyIndex(isAbsolute(real) ? real : join(root, real), copy);
    return await work({ GIT_INDEX_FILE: copy });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function copyIndex(real: string, copy: string): Promise<void> {
  try {
    // before the copy: if git rewrites the index meanwhile, the copy only looks older
    const { atime, mtimeMs } = await stat(real);
    await copyFile(real, copy);
    await utimes(copy, atime, Math.floor(mtimeMs / 1000));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error; // no index yet: git starts from an empty one
  }
}

/**
 * The tree of the whole working tree as it is on disk: tracked files with their unstaged edits, and
 * untracked files that are not ignored. `.closed-loop/` is left out. Written to the object store only.
 */
export function worktreeTree(root: string): Promise<string> {
  return withIndexCopy(root, async (env) => {
    await runGit(root, ['add', '--all', '--', '.'], { env });
    await runGit(root, ['rm', '-r', '--cached', '--quiet', '--ignore-unmatch', '--', '.closed-loop'], {
      env,
    });
    return (await runGit(root, ['write-tree'], { env })).stdout.trim();
  });
}

/** The tree of the user's index (what is staged), without writing to the index itself. */
export function indexTree(root: string): Promise<string> {
  return withIndexCopy(root, async (env) => {
    try {
      return (await runGit(root, ['write-tree'], { env })).stdout.trim();
    } catch (error) {
      if (error instanceof GitError && /unmerged|conflict/i.test(error.stderr))
        throw new UnmergedIndexError(root);
      throw error;
    }
  });
}
