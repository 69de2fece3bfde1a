import { runGit } from './run-git.js';
import type { Snapshot } from './snapshot.js';
import { worktreeTree } from './tree-of.js';

const DIFF = ['diff', '--no-color', '--no-ext-diff', '--no-textconv', '--no-renames'];

/** `git diff` between the snapshot and the working tree as it is now (untracked files included). */
export async function diffSince(
  snapshot: Snapshot,
  args: readonly string[] = [],
  paths: readonly string[] = [],
): Promise<string> {
  const now = await worktreeTree(snapshot.root);
  if (now === snapshot.tree) return '';
  const { stdout } = await runGit(snapshot.root, [...DIFF, ...args, snapshot.tree, now, '--', ...paths]);
  return stdout;
}

export interface DiffStatEntry {
  path: string;
  added: number;
  removed: number;
  binary: boolean;
}

/** Lines added and removed per file since the snapshot. */
export async function diffStat(_cwd: string, snapshot: Snapshot): Promise<DiffStatEntry[]> {
  const text = await diffSince(snapshot, ['--numstat', '-z']);
  return text
    .split('\0')
    .filter((entry) => entry.includes('\t'))
    .map((entry) => {
      const [added = '-', removed = '-', ...rest] = entry.split('\t');
      const path = rest.join('\t');
      const binary = added === '-';
      return { path, added: binary ? 0 : Number(added), removed: binary ? 0 : Number(removed), binary };
    });
}
