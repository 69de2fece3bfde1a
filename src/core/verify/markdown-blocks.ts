/** A heading's depth (`#` = 1 … `######` = 6; a bold line standing alone = 7) and its text. */
export interface Heading {
  level: number;
  text: string;
}

/** A list item; `checked` is null for a plain item, else the state of its `[ ]` / `[x]` box. */
export interface ListItem {
  indent: number;
  checked: boolean | null;
  text: string;
}

/** Depth given to `**Acceptance criteria:**` on a line of its own: below every real heading. */
const BOLD_LINE_LEVEL = 7;

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const BOLD_LINE = /^ {0,3}(?:\*\*([^*]+?)\*\*|__([^_]+?)__)[ \t]*:?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const ITEM = /^([ \t]*)(?:[-*+]|\d{1,9}[.)])(?:[ \t]+(.*))?$/;
const BOX = /^\[([ xX])\](?:[ \t]+(.*))?$/;

/**
 * The heading at `lines[i]`: an ATX heading (`## Title`), a setext heading (a line underlined with
 * `===` or `---`), or a line that is only bold text (`**Acceptance criteria:**`), which PR authors
 * often use as a heading.
 */
export function headingAt(lines: readonly string[], i: number): Heading | null {
  const line = lines[i] ?? '';
  const atx = ATX.exec(line);
  if (atx) return { level: atx[1]?.length ?? 1, text: plainText(atx[2] ?? '') };
  const bold = BOLD_LINE.exec(line);
  if (bold) return { level: BOLD_LINE_LEVEL, text: plainText(bold[1] ?? bold[2] ?? '') };
  const under = SETEXT_UNDERLINE.exec(lines[i + 1] ?? '');
  if (under && line.trim() !== '' && !/^ {4}/.test(line) && listItemAt(line) === null) {
    return { level: under[1]?.startsWith('=') ? 1 : 2, text: plainText(line) };
  }
  return null;
}

/** The list item on `line` (`-`, `*`, `+`, `1.` or `1)` markers; GitHub task boxes), or null. */
export function listItemAt(line: string): ListItem | null {
  const item = ITEM.exec(line);
  if (!item) return null;
  const indent = (item[1] ?? '').replace(/\t/g, '    ').length;
  const body = (item[2] ?? '').trim();
  const box = BOX.exec(body);
  if (box) return { indent, checked: box[1] !== ' ', text: (box[2] ?? '').trim() };
  return { indent, checked: null, text: body };
}

/** Heading or item text without emphasis markers, whitespace folded. */
export function plainText(text: string): string {
  return text
    .replace(/(\*\*|__|~~)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
