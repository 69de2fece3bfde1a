import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GitError, isOwnArtifact, runGit, splitNul } from './run-git.js';
import { SELF_IGNORE_MARK } from '../state-dir.js';

/** The folder is not inside a git work tree (or git is not installed). A user's problem: exit 2. */
export class NotAGitRepoError extends Error {
  override readonly name = 'NotAGitRepoError';
  constructor(
    readonly cwd: string,
    detail: string,
  ) {
    super(
      `not a git repository: ${cwd}: closed-loop commits its fixes and needs git to roll them back; ` +
        `run git init (and commit once), or run closed-loop inside a git clone${detail ? ` (${detail})` : ''}`,
    );
  }
}

/** Throws NotAGitRepoError unless `cwd` is inside a git work tree. */
export async function assertGitRepo(cwd: string): Promise<void> {
  await repoRoot(cwd);
}

/** The absolute path of the work tree's top folder. */
export async function repoRoot(cwd: string): Promise<string> {
  try {
    const { stdout } = await runGit(cwd, ['rev-parse', '--show-toplevel']);
    const root = stdout.trim();
    if (!root) throw new NotAGitRepoError(cwd, 'a bare repository has no work tree');
    return root;
  } catch (error) {
    if (error instanceof NotAGitRepoError) throw error;
    if (error instanceof GitError) throw new NotAGitRepoError(cwd, '');
    throw new NotAGitRepoError(cwd, `git could not be run: ${(error as Error).message}`);
  }
}

/** The commit HEAD points at; null on a branch with no commits yet. */
export async function headSha(cwd: string): Promise<string | null> {
  const { stdout, exitCode } = await runGit(cwd, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], {
    allowFailure: true,
  });
  return exitCode === 0 ? stdout.trim() : null;
}

/** The checked-out branch's short name; null on a detached HEAD. */
export async function currentBranch(cwd: string): Promise<string | null> {
  const { stdout, exitCode } = await runGit(cwd, ['symbolic-ref', '--quiet', '--short', 'HEAD'], {
    allowFailure: true,
  });
  return exitCode === 0 ? stdout.trim() : null;
}

/**
 * Files with uncommitted changes, staged or not, and untracked files (not ignored ones), relative to the
 * repository root and sorted. `.closed-loop/` is never counted: it is closed-loop's own.
 */
export async function dirtyFiles(cwd: string): Promise<string[]> {
  const root = await repoRoot(cwd);
  const { stdout } = await runGit(root, [
    'status',
    '--porcelain=v1',
    '-z',
    '--untracked-files=all',
    '--no-renames',
  ]);
  const paths = splitNul(stdout).map((entry) => entry.slice(3));
  return [...new Set(paths)].filter((path) => !isOwnArtifact(path)).sort();
}

const SELF_IGNORE = `${SELF_IGNORE_MARK}\n*\n`;

/**
 * Keeps a state folder inside the working tree out of git without touching the user's .gitignore: the
 * folder gets a .gitignore of its own that ignores everything in it, itself included. A .gitignore that is
 * not closed-loop's own is never written over (resolveStateDir refuses such a folder before).
 */
export async function ensureIgnored(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, '.gitignore');
  const current = await readFile(file, 'utf8').catch(() => null);
  if (current === null) await writeFile(file, SELF_IGNORE, { flag: 'wx' });
  else if (!current.startsWith(SELF_IGNORE_MARK))
    throw new Error(`${file} is not closed-loop's own .gitignore; it is left as it is`);
}
