import { MAX_DIFF_CHARS } from '../../core/strategies/context.js';
import { runGit } from './run-git.js';

/** Where a branch usually forks from, in the order tried. */
const BASES = ['origin/HEAD', 'origin/main', 'origin/master', 'main', 'master'];

/**
 * The branch's changes since it forked from the default branch (`git diff <merge base>`, the working
 * tree included), of `paths` (the whole tree by default), cut to MAX_DIFF_CHARS; null when no base is
 * known or the branch is the base itself.
 */
export async function branchDiff(cwd: string, paths: readonly string[] = ['.']): Promise<string | null> {
  for (const base of BASES) {
    const found = await runGit(cwd, ['merge-base', 'HEAD', base], { allowFailure: true });
    if (found.exitCode !== 0) continue;
    const head = await runGit(cwd, ['rev-parse', 'HEAD'], { allowFailure: true });
    const fork = found.stdout.trim();
    if (fork === head.stdout.trim()) continue;
    if (paths.length === 0) return null;
    const { stdout } = await runGit(cwd, ['diff', fork, '--', ...paths], { allowFailure: true });
    if (stdout.trim() === '') return null;
    return stdout.length > MAX_DIFF_CHARS
      ? `${stdout.slice(0, MAX_DIFF_CHARS)}\n[… cut at ${MAX_DIFF_CHARS} characters]`
      : stdout;
  }
  return null;
}
