import { execFileSync } from 'node:child_process';
import { commandEnv } from '../exec/withheld-env.js';
import { statSync } from 'node:fs';
import { join } from 'node:path';

/** path → size:mtime of every file git reports as changed or untracked. */
export type TreeMarks = Map<string, string>;

/** Marks the dirty files of the tree, so that `changedFiles` can tell what a command touched. Best effort. */
export function markTree(cwd: string): TreeMarks {
  const marks: TreeMarks = new Map();
  let out = '';
  try {
    out = execFileSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all'], {
      cwd,
      env: commandEnv(process.env),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    return marks;
  }
  const entries = out.split('\0');
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] ?? '';
    if (entry.length < 4) continue;
    const path = entry.slice(3);
    if (entry[0] === 'R' || entry[0] === 'C') i++; // the rename's source follows
    try {
      const s = statSync(join(cwd, path));
      marks.set(path, `${s.size}:${s.mtimeMs}`);
    } catch {
      marks.set(path, 'deleted');
    }
  }
  return marks;
}

/** Files whose mark changed between two snapshots of the tree, sorted. */
export function changedFiles(before: TreeMarks, after: TreeMarks): string[] {
  const changed = new Set<string>();
  for (const [path, mark] of after) if (before.get(path) !== mark) changed.add(path);
  for (const path of before.keys()) if (!after.has(path)) changed.add(path);
  return [...changed].sort();
}
