import { repoRoot } from './repo.js';
import { runGit } from './run-git.js';

/** Who commits when git has no identity configured (a bare CI runner). */
export const FALLBACK_IDENTITY = {
  name: 'closed-loop',
  email: 'closed-loop@users.noreply.github.com',
} as const;

const nul = (paths: readonly string[]): string => paths.map((path) => `${path}\0`).join('');
const PATHS_FROM_STDIN = ['--pathspec-from-file=-', '--pathspec-file-nul'];

/** Stages exactly `files` (repository-relative; deletions included) and nothing else: `--no-commit`. */
export async function stageFix(cwd: string, files: readonly string[]): Promise<void> {
  if (files.length === 0) return;
  const root = await repoRoot(cwd);
  await runGit(root, ['add', '--all', ...PATHS_FROM_STDIN], { input: nul(files) });
}

/**
 * Commits exactly `files` with `message` and returns the new commit's sha. Anything else the user has
 * staged stays staged and out of the commit. Hooks are skipped (`--no-verify`): the loop has already
 * validated and evaluated this exact change, and a hook that rewrites files would commit something else.
 * Without a configured identity, commits as closed-loop <closed-loop@users.noreply.github.com>.
 */
export async function commitFix(
  cwd: string,
  fix: { files: readonly string[]; message: string },
): Promise<string> {
  if (fix.files.length === 0) throw new Error('commitFix: no files to commit');
  const root = await repoRoot(cwd);
  await stageFix(root, fix.files);
  const identity = await identityFlags(root);
  await runGit(
    root,
    [...identity, 'commit', '--quiet', '--no-verify', '--only', '-m', fix.message, ...PATHS_FROM_STDIN],
    { input: nul(fix.files) },
  );
  return (await runGit(root, ['rev-parse', 'HEAD'])).stdout.trim();
}

/** `-c user.name=… -c user.email=…` for whatever identity git lacks (config or environment). */
async function identityFlags(root: string): Promise<string[]> {
  const configured = async (key: string): Promise<boolean> =>
    (await runGit(root, ['config', '--get', key], { allowFailure: true })).stdout.trim() !== '';
  const flags: string[] = [];
  const nameSet =
    (process.env.GIT_AUTHOR_NAME && process.env.GIT_COMMITTER_NAME) || (await configured('user.name'));
  const emailSet =
    (process.env.GIT_AUTHOR_EMAIL && process.env.GIT_COMMITTER_EMAIL) || (await configured('user.email'));
  if (!nameSet) flags.push('-c', `user.name=${FALLBACK_IDENTITY.name}`);
  if (!emailSet) flags.push('-c', `user.email=${FALLBACK_IDENTITY.email}`);
  return flags;
}
