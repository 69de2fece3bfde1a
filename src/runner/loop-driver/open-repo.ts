import { lstat } from 'node:fs/promises';
import { assertGitRepo, repoRoot } from '../git/repo.js';
import { CLI_WORDS } from './driver-words.js';
import type { RunOptions } from './run-context.js';

/** A user mistake in how the run was asked for (dirty tree, no checks): one line, exit 2. */
export class RunRefusedError extends Error {}

/**
 * The repository a run (or a dry run) works on, at its root from any subdirectory. Refused before any
 * check runs: a folder that is not there, or not in a git repository.
 */
export async function openRepo(requested: Pick<RunOptions, 'cwd' | 'words'>): Promise<string> {
  const stat = await lstat(requested.cwd).catch(() => null);
  const words = requested.words ?? CLI_WORDS;
  if (!stat?.isDirectory()) throw new RunRefusedError(`${requested.cwd}: no such directory (${words.cwd})`);
  await assertGitRepo(requested.cwd);
  return repoRoot(requested.cwd);
}
