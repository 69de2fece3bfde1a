import { applyPatch } from 'diff';
import type { PatchChange } from '../core/validate/validate-patch.js';

/** A regular file: its git mode (100644 or 100755) and its UTF-8 text. */
export interface FileState {
  mode: string;
  text: string;
}

/** What the new tree says about one path: its new content, or null to delete it. */
export interface TreeWrite {
  path: string;
  mode: string;
  text: string | null;
}

export type AppliedChanges = { ok: true; writes: TreeWrite[] } | { ok: false; why: string };

/**
 * Applies a validated patch's sections, in order, to the files at the head (`base` holds every path
 * the patch touches: its state at the head, or null when it is absent there). A hunk must match
 * exactly (no fuzz; it may have moved, as with `git apply`). Returns the writes that make the new
 * tree: changed and added files keep or take their mode, deleted ones are null.
 */
export function applyPatchChanges(
  changes: readonly PatchChange[],
  base: ReadonlyMap<string, FileState | null>,
  at: string,
): AppliedChanges {
  const now = new Map(base);
  const state = (path: string | null): FileState | null => (path === null ? null : (now.get(path) ?? null));
  for (const change of changes) {
    const { oldPath, newPath } = change;
    const source = change.kind === 'add' ? { mode: change.newMode ?? '100644', text: '' } : state(oldPath);
    if (source === null)
      return { ok: false, why: `the patch changes ${oldPath}, which does not exist at ${at}` };
    if (newPath !== null && newPath !== oldPath && state(newPath) !== null) {
      return {
        ok: false,
        why: `the patch ${change.kind === 'add' ? 'adds' : `${change.kind}s ${oldPath} onto`} ${newPath}, which already exists at ${at}`,
      };
    }
    const text = applyPatch(source.text, change.patch);
    const path = newPath ?? oldPath ?? '';
    if (text === false)
      return {
        ok: false,
        why: `the patch does not apply to ${path} at ${at}: a hunk does not match the file there`,
      };
    if (newPath === null) {
      if (text !== '')
        return {
          ok: false,
          why: `the patch deletes ${path}, but at ${at} it holds lines the patch does not remove`,
        };
      now.set(path, null);
      continue;
    }
    if (change.kind === 'rename' && oldPath !== null) now.set(oldPath, null);
    now.set(newPath, { mode: source.mode, text });
  }
  return {
    ok: true,
    writes: [...now].flatMap(([path, after]): TreeWrite[] => {
      const before = base.get(path) ?? null;
      if (after === null) return before === null ? [] : [{ path, mode: before.mode, text: null }];
      if (before !== null && before.text === after.text && before.mode === after.mode) return [];
      return [{ path, mode: after.mode, text: after.text }];
    }),
  };
}
