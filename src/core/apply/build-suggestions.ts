import { diffArrays } from 'diff';

/** A file a fix changes: its text at the evaluated head and after the fix (null: absent). */
export interface FixedFile {
  path: string;
  before: string | null;
  after: string | null;
}

/** The right-hand (head) lines of one hunk of the pull request's diff: where a review comment may go. */
export interface LineRange {
  start: number;
  end: number;
}

/**
 * One comment of `POST /pulls/{n}/reviews`: a suggested change replacing lines start_line..line of the head.
 */
export interface SuggestionComment {
  path: string;
  line: number;
  side: 'RIGHT';
  start_line?: number;
  start_side?: 'RIGHT';
  body: string;
}

export interface Suggestions {
  comments: SuggestionComment[];
  /** Changes suggestions cannot carry, with the reason: the review's whole patch carries them. */
  uncarried: { path: string; why: string }[];
}

/** GitHub renders a review with many comments slowly; past this the rest go to the whole patch. */
export const MAX_SUGGESTIONS = 50;
/** A review comment's body holds at most 65,536 characters. */
export const MAX_SUGGESTION_CHARS = 60_000;

/**
 * The fix as GitHub suggested changes: for each run of changed lines of a file the pull request
 * changes, one comment on exactly the head lines it replaces (an insertion takes a neighbouring line
 * along). A suggestion may only sit on lines of the pull request's diff (`diffLines`, one hunk each);
 * new, deleted and renamed files, and changes outside the diff, are listed as uncarried instead.
 */
export function buildSuggestions(
  files: readonly FixedFile[],
  diffLines: ReadonlyMap<string, readonly LineRange[]>,
): Suggestions {
  const out: Suggestions = { comments: [], uncarried: [] };
  for (const file of files) {
    if (file.before === null) {
      out.uncarried.push({ path: file.path, why: 'a new file' });
      continue;
    }
    if (file.after === null) {
      out.uncarried.push({ path: file.path, why: 'a deleted file' });
      continue;
    }
    const ranges = diffLines.get(file.path) ?? [];
    const before = lines(file.before);
    const after = lines(file.after);
    if (endsWithNewline(file.before) !== endsWithNewline(file.after))
      out.uncarried.push({ path: file.path, why: 'its final newline' });
    for (const block of changedBlocks(before, after)) {
      const replaced = anchored(block, before);
      const hunk = ranges.find((r) => r.start <= replaced.start && replaced.end <= r.end);
      const where =
        replaced.start === replaced.end
          ? `line ${replaced.start}`
          : `lines ${replaced.start}-${replaced.end}`;
      if (hunk === undefined) {
        out.uncarried.push({ path: file.path, why: `${where}: outside the pull request's diff` });
        continue;
      }
      if (out.comments.length >= MAX_SUGGESTIONS) {
        out.uncarried.push({ path: file.path, why: `${where}: more than ${MAX_SUGGESTIONS} suggestions` });
        continue;
      }
      const body = suggestionBody(replaced.lines);
      if (body.length > MAX_SUGGESTION_CHARS) {
        out.uncarried.push({ path: file.path, why: `${where}: too long for one suggestion` });
        continue;
      }
      out.comments.push({
        path: file.path,
        line: replaced.end,
        side: 'RIGHT',
        ...(replaced.start < replaced.end
          ? { start_line: replaced.start, start_side: 'RIGHT' as const }
          : {}),
        body,
      });
    }
  }
  return out;
}

interface Block {
  oldStart: number;
  oldCount: number;
  added: string[];
}

/** Runs of removed and added lines, in order, located on the head's 1-based lines. */
function changedBlocks(before: string[], after: string[]): Block[] {
  const blocks: Block[] = [];
  let line = 1;
  let open: Block | null = null;
  for (const part of diffArrays(before, after)) {
    if (!part.added && !part.removed) {
      if (open) blocks.push(open);
      open = null;
      line += part.value.length;
      continue;
    }
    open ??= { oldStart: line, oldCount: 0, added: [] };
    if (part.removed) {
      open.oldCount += part.value.length;
      line += part.value.length;
    } else open.added.push(...part.value);
  }
  if (open) blocks.push(open);
  return blocks;
}

/**
 * The head lines a block's suggestion replaces and their new text; an insertion keeps the line before it (or
 * after, at the top).
 */
function anchored(block: Block, before: string[]): { start: number; end: number; lines: string[] } {
  if (block.oldCount > 0)
    return { start: block.oldStart, end: block.oldStart + block.oldCount - 1, lines: block.added };
  if (block.oldStart > 1) {
    const at = block.oldStart - 1;
    return { start: at, end: at, lines: [before[at - 1] ?? '', ...block.added] };
  }
  return { start: 1, end: 1, lines: [...block.added, before[0] ?? ''] };
}

/** A ```suggestion block, its fence longer than any run of backticks in the new lines. */
export function suggestionBody(newLines: readonly string[]): string {
  const longest = Math.max(
    2,
    ...newLines.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((run) => run.length))),
  );
  const fence = '`'.repeat(longest + 1);
  return `${fence}suggestion\n${newLines.map((l) => `${l}\n`).join('')}${fence}`;
}

/** The right-hand line ranges of the hunks of one file's `patch` as `GET /pulls/{n}/files` gives it. */
export function diffLineRanges(patch: string | undefined): LineRange[] {
  if (patch === undefined) return [];
  return [...patch.matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)].flatMap((m) => {
    const start = Number(m[1]);
    const count = m[2] === undefined ? 1 : Number(m[2]);
    return count === 0 ? [] : [{ start, end: start + count - 1 }];
  });
}

function lines(text: string): string[] {
  return text === '' ? [] : text.replace(/\n$/, '').split('\n');
}

const endsWithNewline = (text: string): boolean => text === '' || text.endsWith('\n');
