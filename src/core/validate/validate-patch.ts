import type { ChangedFileStatus } from './change-facts.js';
import { comparablePath, SHORT_NAME } from './comparable-path.js';
import { matchGlob } from './match-glob.js';
import { parseGitPatch, type PatchChange } from './parse-git-patch.js';

export type { PatchChange } from './parse-git-patch.js';

export interface PatchLimits {
  /** The most UTF-8 bytes the patch text may have. */
  maxBytes: number;
  /** The most files the patch may touch (a rename touches two). */
  maxFiles: number;
}

interface PatchFile {
  path: string;
  status: ChangedFileStatus;
}

/** `files`: what the whole patch does to each path; `changes`: its sections in order, to apply. */
export type PatchValidation =
  { ok: true; files: PatchFile[]; changes: PatchChange[] } | { ok: false; why: string };

/** Why a path from an untrusted patch may not be written, or null when it may. */
function unsafePath(path: string): string | null {
  if (path.startsWith('/')) return 'it is absolute';
  // eslint-disable-next-line no-control-regex -- control characters in a path are exactly what is refused
  if (/[\\\x00-\x1f\x7f]/.test(path)) return 'it holds a backslash or a control character';
  // Compared as Windows and macOS resolve names: `.git.`, `.github ` and a full-width `．github` are refused
  // too.
  const comparable = comparablePath(path);
  const segments = comparable.split('/');
  if (segments.some((s) => SHORT_NAME.test(s)))
    return 'it holds a Windows short name (like GIT~1), which may stand for .git or .github';
  if (segments.some((s) => s === '' || s === '.' || s === '..'))
    return 'it holds `..`, `.` or an empty segment';
  if (segments.some((s) => s === '.git')) return 'it is inside .git';
  if (matchGlob('.github/**', comparable))
    return 'it is under .github/, and the loop never changes workflows or repository settings';
  return null;
}

const ALLOWED_NEW_MODES = new Set(['100644', '100755']);

function refusal(change: PatchChange): string | null {
  for (const path of [change.oldPath, change.newPath]) {
    const why = path === null ? null : unsafePath(path);
    if (why !== null) return `the patch touches ${JSON.stringify(path)}: ${why}`;
  }
  const path = change.newPath ?? change.oldPath ?? '';
  if (change.modeChanged)
    return `the patch changes the mode of ${path} (${change.patch.oldMode} → ${change.patch.newMode}); the loop never changes file modes`;
  if (change.kind === 'add' && !ALLOWED_NEW_MODES.has(change.newMode ?? '100644'))
    return `the patch adds ${path} with mode ${change.newMode}; only regular files may be added`;
  if (change.kind === 'modify' && change.oldPath !== change.newPath)
    return `the patch changes ${change.oldPath} into ${change.newPath} without saying it renames it`;
  return null;
}

/**
 * Follows the patch's sections to what it does to each path overall (added, modified, deleted; a
 * file it adds and deletes again is left out), refusing a section that acts on a file which does not
 * exist at that point (a second creation, a change after a deletion).
 */
function netFiles(changes: readonly PatchChange[]): PatchFile[] | string {
  const before = new Map<string, boolean>();
  const now = new Map<string, boolean>();
  const expect = (path: string, exists: boolean): boolean => {
    if (!before.has(path)) {
      before.set(path, exists);
      now.set(path, exists);
    }
    return now.get(path) === exists;
  };
  for (const change of changes) {
    const { oldPath, newPath } = change;
    const oldOk = oldPath === null || expect(oldPath, true);
    const newOk = newPath === null || newPath === oldPath || expect(newPath, false);
    if (!oldOk || !newOk) {
      return `the patch ${change.kind === 'add' ? 'adds' : 'changes'} ${!oldOk ? oldPath : newPath} where an earlier part of it ${!oldOk ? 'deleted it' : 'already made it'}`;
    }
    if (oldPath !== null && (change.kind === 'delete' || change.kind === 'rename')) now.set(oldPath, false);
    if (newPath !== null) now.set(newPath, true);
  }
  return [...before].flatMap(([path, existed]): PatchFile[] => {
    const exists = now.get(path) === true;
    if (existed === exists) return existed ? [{ path, status: 'modified' }] : [];
    return [{ path, status: exists ? 'added' : 'deleted' }];
  });
}

/**
 * Whether a fix patch from the untrusted CI runner may be committed: git's own text format, within
 * the caps, text files only, no symlinks, submodules or mode changes, no path that escapes the
 * repository or touches .git or .github/ (in any case, also as a rename's source or target).
 */
export function validatePatch(patchText: string, limits: PatchLimits): PatchValidation {
  const bytes = new TextEncoder().encode(patchText).length;
  if (bytes > limits.maxBytes)
    return { ok: false, why: `the patch is ${bytes} bytes; the cap is ${limits.maxBytes}` };
  const parsed = parseGitPatch(patchText);
  if (!parsed.ok) return parsed;
  for (const change of parsed.changes) {
    const why = refusal(change);
    if (why !== null) return { ok: false, why };
  }
  const files = netFiles(parsed.changes);
  if (typeof files === 'string') return { ok: false, why: files };
  const touched = new Set(parsed.changes.flatMap((c) => [c.oldPath, c.newPath]).filter((p) => p !== null))
    .size;
  if (touched > limits.maxFiles)
    return { ok: false, why: `the patch touches ${touched} files; at most ${limits.maxFiles} are allowed` };
  return { ok: true, files, changes: parsed.changes };
}
