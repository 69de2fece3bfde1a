import type { FixedFile } from '../../core/apply/build-suggestions.js';
import { runGit, splitNul } from './run-git.js';

export interface FixedFiles {
  /** Each text file the commits change, before and after (null: absent). */
  files: FixedFile[];
  /** Files no suggestion may carry, with the reason: they stay in fix.patch only. */
  uncarried: { path: string; why: string }[];
}

/**
 * The files the loop's fix commits change between `from` (the evaluated commit) and `to` (the last fix
 * commit), read from the checkout's git: what a review of suggested changes proposes. A binary file and
 * anything under .github/ (the loop never changes workflows, not even as a suggestion) are listed apart.
 */
export async function readFixedFiles(cwd: string, from: string, to: string): Promise<FixedFiles> {
  const { stdout } = await runGit(cwd, ['diff', '--numstat', '-z', '--no-renames', from, to, '--']);
  const out: FixedFiles = { files: [], uncarried: [] };
  for (const entry of splitNul(stdout)) {
    const [added = '', , ...rest] = entry.split('\t');
    const path = rest.join('\t');
    if (/^\.github\//i.test(path))
      out.uncarried.push({ path, why: 'under .github/, which the loop never changes' });
    else if (added === '-') out.uncarried.push({ path, why: 'a binary file' });
    else out.files.push({ path, before: await textAt(cwd, from, path), after: await textAt(cwd, to, path) });
  }
  return out;
}

/** The file's text at `commit`, or null when it does not exist there. */
async function textAt(cwd: string, commit: string, path: string): Promise<string | null> {
  const r = await runGit(cwd, ['cat-file', 'blob', `${commit}:${path}`], { allowFailure: true });
  return r.exitCode === 0 ? r.stdout : null;
}
