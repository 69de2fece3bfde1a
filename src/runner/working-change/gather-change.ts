import { lstat, readFile, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChangeFacts, ChangedFile } from '../../core/validate/change-facts.js';
import { parseDiffLines } from '../../core/validate/parse-diff-lines.js';
import { DEFAULT_MAX_FILE_BYTES } from '../../core/validate/validation-policy.js';
import type { Strategy } from '../../core/vocabulary.js';
import { changedSince } from '../git/changed-since.js';
import { committableChanges } from '../git/install-output.js';
import { diffSince } from '../git/file-diff.js';
import { runGit } from '../git/run-git.js';
import type { Snapshot } from '../git/snapshot.js';

/**
 * The facts VALIDATE judges about what changed on disk since `snapshot`: every added, modified or
 * deleted file (untracked ones included), its size before and after, its text when it is UTF-8 under
 * `textCap` bytes, and the lines the change added and removed (from `git diff -U0` against the snapshot).
 */
export async function gatherChange(
  _cwd: string,
  snapshot: Snapshot,
  strategy: Strategy,
  textCap = DEFAULT_MAX_FILE_BYTES,
): Promise<ChangeFacts> {
  const changes = committableChanges(await changedSince(snapshot.root, snapshot));
  if (changes.length === 0) return { strategy, files: [] };
  const [added, before] = await Promise.all([
    diffSince(snapshot, ['-U0']).then(parseDiffLines),
    sizesIn(
      snapshot,
      changes.filter((c) => c.status !== 'added').map((c) => c.path),
    ),
  ]);
  const files = await Promise.all(
    changes.map(async (change): Promise<ChangedFile> => {
      const after =
        change.status === 'deleted'
          ? { size: 0 }
          : await readAfter(join(snapshot.root, change.path), textCap);
      return {
        path: change.path,
        status: change.status,
        sizeBefore: before.get(change.path) ?? 0,
        sizeAfter: after.size,
        ...('text' in after && after.text !== undefined ? { text: after.text } : {}),
        addedLines: (added.get(change.path)?.added ?? []).map((l) => l.text),
        lines: added.get(change.path) ?? { added: [], removed: [] },
      };
    }),
  );
  return { strategy, files };
}

/**
 * Sizes in bytes of `paths` in the snapshot's tree, through `git ls-tree -l` (a few hundred paths a call).
 */
async function sizesIn(snapshot: Snapshot, paths: readonly string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (let i = 0; i < paths.length; i += 500) {
    const { stdout } = await runGit(snapshot.root, [
      'ls-tree',
      '-r',
      '-l',
      '-z',
      snapshot.tree,
      '--',
      ...paths.slice(i, i + 500),
    ]);
    for (const entry of stdout.split('\0')) {
      const match = /^\d+ \w+ [0-9a-f]+\s+(\d+|-)\t(.*)$/s.exec(entry);
      if (match?.[2] !== undefined) sizes.set(match[2], Number(match[1]) || 0);
    }
  }
  return sizes;
}

/** Size on disk (a symbolic link's own, never its target's), and the text of a small UTF-8 file. */
async function readAfter(path: string, textCap: number): Promise<{ size: number; text?: string }> {
  const stat = await lstat(path);
  if (stat.isSymbolicLink()) return { size: Buffer.byteLength(await readlink(path)) };
  if (!stat.isFile() || stat.size > textCap) return { size: stat.size };
  const bytes = await readFile(path);
  if (bytes.includes(0)) return { size: bytes.length };
  try {
    return { size: bytes.length, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { size: bytes.length };
  }
}
