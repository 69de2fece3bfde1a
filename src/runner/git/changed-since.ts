import { isOwnArtifact, runGit, splitNul } from './run-git.js';
import type { Snapshot } from './snapshot.js';
import { worktreeTree } from './tree-of.js';

type ChangeStatus = 'added' | 'modified' | 'deleted';
export interface FileChange {
  path: string;
  status: ChangeStatus;
}

const STATUS: Record<string, ChangeStatus> = { A: 'added', D: 'deleted', M: 'modified', T: 'modified' };

/** Parses `git diff-tree -r -z --name-status --no-renames` output. */
function parseNameStatus(text: string): FileChange[] {
  const parts = splitNul(text);
  const changes: FileChange[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const status = STATUS[(parts[i] ?? '').charAt(0)] ?? 'modified';
    changes.push({ path: parts[i + 1] ?? '', status });
  }
  return changes;
}

/**
 * What changed on disk since the snapshot, tracked and untracked files alike (ignored files and
 * `.closed-loop/` are not counted), sorted by path. A file whose content came back is not a change.
 */
export async function changedSince(_cwd: string, snapshot: Snapshot): Promise<FileChange[]> {
  const now = await worktreeTree(snapshot.root);
  if (now === snapshot.tree) return [];
  const { stdout } = await runGit(snapshot.root, [
    'diff-tree',
    '-r',
    '-z',
    '--no-renames',
    '--name-status',
    snapshot.tree,
    now,
  ]);
  return parseNameStatus(stdout).filter((change) => !isOwnArtifact(change.path));
}
