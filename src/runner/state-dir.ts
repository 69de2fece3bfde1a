import { isAbsolute, relative, resolve, sep } from 'node:path';
import { runGit } from './git/run-git.js';

/** The folder's name inside the git directory. */
export const STATE_DIR_NAME = 'closed-loop';

/**
 * Where a run keeps everything it writes (state, lock, logs, reports, context files): the folder the
 * user named (`--state-dir`, else `state_dir` in the config; relative to the repository root), else
 * `<git dir>/closed-loop` of this work tree. Outside the working tree by default, so whole-tree tools
 * (`prettier --check .`, `eslint .`) never see the loop's own files and fixers never touch them.
 */
export async function resolveStateDir(root: string, named?: string | null): Promise<string> {
  if (named) return resolve(root, named);
  const { stdout } = await runGit(root, ['rev-parse', '--absolute-git-dir']);
  return resolve(stdout.trim(), STATE_DIR_NAME);
}

/**
 * `<git common dir>/closed-loop`: the main work tree's default state folder, shared by every linked
 * worktree, where earlier dead letters are looked up for smart suggestions too.
 */
export async function sharedStateDir(root: string): Promise<string> {
  const { stdout } = await runGit(root, ['rev-parse', '--git-common-dir']);
  return resolve(root, stdout.trim(), STATE_DIR_NAME);
}

/** True when `path` lies inside `root` (or is it). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** A path as a person should read it: repository-relative when inside the repository, else absolute. */
export function displayPath(root: string, path: string): string {
  return isInside(root, path) ? relative(root, path).split(sep).join('/') || '.' : path;
}
