import { parsePatch, type StructuredPatch } from 'diff';
import { headerProblem, hiddenPatchLine } from './git-header-lines.js';

/** One file section of a git patch, in the order git wrote it; paths are repository-relative. */
export interface PatchChange {
  kind: 'add' | 'modify' | 'delete' | 'rename' | 'copy';
  /** The file before (null for an added file). */
  oldPath: string | null;
  /** The file after (null for a deleted file). */
  newPath: string | null;
  /** The mode git gave a new file (`new file mode`); other files keep the mode they have. */
  newMode?: string;
  /** Whether git wrote a mode change (`old mode` / `new mode`) for an existing file. */
  modeChanged: boolean;
  /** The section as jsdiff parsed it, to hand to `applyPatch`. */
  patch: StructuredPatch;
}

export type ParsedPatch = { ok: true; changes: PatchChange[] } | { ok: false; why: string };

const MAIL_START = /^From [0-9a-f]{40,64} Mon Sep 17 00:00:00 2001$/m;
const BINARY = /^(?:GIT binary patch|Binary files .* differ)\s*$/m;

/**
 * The diff sections of `git format-patch --stdout` output (one mail per commit: headers, message,
 * `---`, diffstat, then the diffs) or of plain `git diff` output; a string says why the text is refused.
 * A mail whose headers, message or diffstat hold a line git reads as a patch (`diff --git`, `--- a/x`,
 * `@@`) is refused: `git apply` and `git am` would apply that hidden diff too, unseen by this parser.
 */
function diffSections(text: string): string[] | string {
  if (text.startsWith('diff --git ')) return [text];
  if (!MAIL_START.test(text.split('\n', 1)[0] ?? ''))
    return 'the patch is neither `git format-patch` nor `git diff` output';
  const mails = text.split(new RegExp(MAIL_START.source, 'm')).slice(1);
  const sections: string[] = [];
  for (const mail of mails) {
    const separator = mail.search(/^---$/m);
    const start = separator < 0 ? -1 : mail.slice(separator).search(/^diff --git /m);
    // A mail without a diff is an empty commit; a signature (`-- ` and git's version) ends a mail.
    const head = start < 0 ? mail : mail.slice(0, separator + start);
    const hidden = hiddenPatchLine(head);
    if (hidden !== null)
      return `a mail of the patch holds ${JSON.stringify(hidden.slice(0, 80))} before its diffs (in its message or headers); git would apply what follows it, so the patch is refused`;
    if (start >= 0) sections.push(mail.slice(separator + start).replace(/\n-- \n[^\n]*\n*$/, '\n'));
  }
  return sections;
}

/** `a/src/x.ts` → `src/x.ts`; `/dev/null` → null; undefined when the name lacks its git prefix. */
function stripPrefix(name: string | undefined, prefix: 'a/' | 'b/'): string | null | undefined {
  if (name === '/dev/null') return null;
  return name?.startsWith(prefix) ? name.slice(2) : undefined;
}

function toChange(patch: StructuredPatch): PatchChange | string {
  if (!patch.isGit) return 'it holds a diff section without a `diff --git` header';
  const oldPath = stripPrefix(patch.oldFileName, 'a/');
  const newPath = stripPrefix(patch.newFileName, 'b/');
  if (oldPath === undefined || newPath === undefined) {
    return `a diff section names ${patch.oldFileName ?? '?'} → ${patch.newFileName ?? '?'}, without git's a/ and b/ prefixes`;
  }
  const kind = patch.isCreate
    ? 'add'
    : patch.isDelete
      ? 'delete'
      : patch.isRename
        ? 'rename'
        : patch.isCopy
          ? 'copy'
          : 'modify';
  if ((kind === 'add') !== (oldPath === null) || (kind === 'delete') !== (newPath === null)) {
    return `the section for ${newPath ?? oldPath ?? '?'} contradicts itself (created or deleted, and not)`;
  }
  const modeChanged =
    kind !== 'add' && kind !== 'delete' && patch.oldMode !== undefined && patch.newMode !== patch.oldMode;
  return {
    kind,
    oldPath,
    newPath,
    ...(patch.newMode === undefined ? {} : { newMode: patch.newMode }),
    modeChanged,
    patch,
  };
}

/**
 * Parses a git patch into its file sections, in order. Refuses what it cannot read with certainty:
 * text that is not git's, binary sections (which jsdiff would silently read as empty), symlinks and
 * submodules (jsdiff keeps no mode from `index` lines), sections without git's path prefixes.
 */
export function parseGitPatch(text: string): ParsedPatch {
  const sections = diffSections(text);
  if (typeof sections === 'string') return { ok: false, why: sections };
  const binary = { ok: false, why: 'the patch changes a binary file; the loop commits text changes only' };
  if (sections.some((section) => BINARY.test(section))) return binary as ParsedPatch;
  for (const section of sections) {
    const problem = headerProblem(section);
    if (problem === 'binary') return binary as ParsedPatch;
    if (problem?.startsWith('special:'))
      return {
        ok: false,
        why: `the patch touches ${problem.slice(8)}; the loop changes regular files only`,
      };
    if (problem !== null) return { ok: false, why: `the patch cannot be read as git reads it: ${problem}` };
  }
  const changes: PatchChange[] = [];
  for (const section of sections) {
    let parsed: StructuredPatch[];
    try {
      parsed = parsePatch(section);
    } catch (error) {
      return {
        ok: false,
        why: `the patch cannot be parsed: ${(error instanceof Error ? error.message : String(error)).trim()}`,
      };
    }
    for (const patch of parsed) {
      const change = toChange(patch);
      if (typeof change === 'string') return { ok: false, why: `the patch cannot be read: ${change}` };
      changes.push(change);
    }
  }
  if (changes.length === 0) return { ok: false, why: 'the patch changes no file' };
  return { ok: true, changes };
}
