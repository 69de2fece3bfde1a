import { lstat, readdir, readFile, readlink, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import { runGit } from './git/run-git.js';
import { ConfigLoadError } from './load-config.js';

/** The folder's name inside the git directory. */
const STATE_DIR_NAME = 'closed-loop';

/** The first line of the .gitignore closed-loop writes into a state folder it made in the work tree. */
export const SELF_IGNORE_MARK = '# closed-loop keeps its own files out of git; this folder ignores itself.';

/** `--state-dir` names a folder closed-loop must not write into. A user's problem: exit 2. */
export class StateDirError extends Error {
  override readonly name = 'StateDirError';
}

/** Where the folder's name came from: the config (the repository's content) or the person's --state-dir. */
export type StateDirOrigin = { kind: 'config'; file?: string | null } | { kind: 'flag' };

/**
 * Where a run keeps everything it writes (state, lock, logs, reports, context files): `<git dir>/closed-loop`
 * of this work tree by default, outside the working tree, so whole-tree tools (`prettier --check .`,
 * `eslint .`) never see the loop's own files and fixers never touch them. A folder the user named
 * (`--state-dir`, else `state_dir` in the config; relative to the repository root) is confined:
 * - inside the git directory: any folder below it;
 * - inside the work tree: only a folder that does not exist yet or that closed-loop made itself (it holds
 *   closed-loop's own .gitignore), never one of the user's (`state_dir: src` would hide their files);
 * - outside the repository: only with `--state-dir`, a person's choice; the config's `state_dir` is read
 *   from the repository (a pull request may change it) and may not leave it (`../x`, `/etc/x`);
 * - never through a symbolic link, and never the link itself.
 * Anything else is refused with the reason and the fix (ConfigLoadError for the config, StateDirError
 * for the flag).
 */
export async function resolveStateDir(
  root: string,
  named?: string | null,
  origin: StateDirOrigin = { kind: 'config' },
): Promise<string> {
  const { stdout } = await runGit(root, ['rev-parse', '--absolute-git-dir']);
  const gitDir = resolve(stdout.trim());
  if (!named) return resolve(gitDir, STATE_DIR_NAME);
  const refuse = (why: string, fix: string): Error =>
    origin.kind === 'flag'
      ? new StateDirError(`--state-dir ${named}: ${why}; ${fix}`)
      : new ConfigLoadError(
          `${origin.file ?? '.github/closed-loop.yml'}: state_dir "${named}": ${why}; ${fix}`,
        );
  const leaveOut = 'leave state_dir out for .git/closed-loop/';
  if (origin.kind === 'config' && (isAbsolute(named) || escapes(normalize(named))))
    throw refuse(
      'the config may only name a folder inside the repository, relative to its root',
      `${leaveOut}, or pass --state-dir for a folder elsewhere`,
    );
  const given = resolve(root, named);
  const link = await firstLink(isInside(root, given) ? root : null, given);
  if (link !== null)
    throw refuse(
      `${displayPath(root, link.path)} is a symbolic link (to ${link.to}); closed-loop never writes through one`,
      'name the real folder',
    );
  // Judged where it really is: `--state-dir /other/path/to/this/repo/src` is still the work tree's src.
  const [target, realRoot, realGit] = await Promise.all([
    realTarget(given),
    realTarget(root),
    realTarget(gitDir),
  ]);
  if (isInside(realGit, target)) {
    if (target === realGit)
      throw refuse('that is the git directory itself', `name a folder inside it, or ${leaveOut}`);
    return target;
  }
  if (!isInside(realRoot, target)) return target;
  if (target === realRoot)
    throw refuse('that is the repository root', `name a new folder such as .closed-loop, or ${leaveOut}`);
  const foreign = await foreignContent(target);
  if (foreign !== null)
    throw refuse(
      `${displayPath(realRoot, target)} is a folder of the work tree that closed-loop did not make (it holds ${foreign})`,
      `name a new folder (closed-loop makes it and keeps it out of git), or ${leaveOut}`,
    );
  return target;
}

/** `path` with every symbolic link in its existing part resolved (the rest does not exist yet). */
async function realTarget(path: string): Promise<string> {
  const real = await realpath(path).catch(() => null);
  if (real !== null) return real;
  const parent = dirname(path);
  return parent === path ? path : join(await realTarget(parent), basename(path));
}

const escapes = (path: string): boolean => path === '..' || path.startsWith(`..${sep}`);

/** The first symbolic link on the way from `from` (or the target itself, when null) down to `target`. */
async function firstLink(from: string | null, target: string): Promise<{ path: string; to: string } | null> {
  const parts = from === null ? [''] : relative(from, target).split(sep);
  let path = from ?? target;
  for (const part of parts) {
    path = part === '' ? path : join(path, part);
    const stat = await lstat(path).catch(() => null);
    if (stat === null) return null; // the rest is made by the loop, as real folders
    if (stat.isSymbolicLink()) return { path, to: await readlink(path).catch(() => '?') };
  }
  return null;
}

/** What in `dir` says it is not closed-loop's: a file that is no folder, or entries beside its own files. */
async function foreignContent(dir: string): Promise<string | null> {
  const stat = await lstat(dir).catch(() => null);
  if (stat === null) return null;
  if (!stat.isDirectory()) return 'a file of that name';
  const entries = await readdir(dir);
  if (entries.length === 0) return null;
  const ignore = await readFile(join(dir, '.gitignore'), 'utf8').catch(() => null);
  if (ignore?.startsWith(SELF_IGNORE_MARK)) return null;
  const shown = entries.slice(0, 3).join(', ');
  return entries.length > 3 ? `${shown}, +${entries.length - 3} more` : shown;
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
