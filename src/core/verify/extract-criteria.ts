import { clipLine } from '../report/truncate-text.js';
import { headingAt, listItemAt, plainText } from './markdown-blocks.js';
import { visibleLines } from './visible-lines.js';

/** One acceptance criterion. `checked`: the author's box in the PR body; null when there is no box. */
export interface Criterion {
  id: string;
  text: string;
  source: 'pr-body' | 'task-spec';
  checked: boolean | null;
  /** 1-based line in its source (the PR body or the task spec). */
  line: number;
}

/** Bounds on untrusted input: criteria kept, and characters of each criterion's text. */
export const MAX_CRITERIA = 100;
export const MAX_CRITERION_CHARS = 500;

/** Heading names that open a criteria section, matched anywhere in the heading, any case. */
const SECTION_NAME = /\bacceptance[ -]criteri(?:a|on)\b|\bdefinition of done\b/i;

type Item = Omit<Criterion, 'id' | 'source'>;

/**
 * The acceptance criteria of a pull request, spec first.
 *
 * - Task spec: every list item (checklist or plain) under each heading named like "Acceptance
 *   criteria" or "Definition of done" (any level, any case), up to the next heading of the same or a
 *   higher level. A spec without such a heading gives none.
 * - PR body: the checklist items (`- [ ]`, `* [x]`, `1. [X]`, nested too) under such headings; when the
 *   body has no such heading, every checklist item of the body.
 * - An item's indented continuation lines belong to it. Fenced code blocks and HTML comments are ignored.
 * - A PR-body item with the same text as a spec item (case, emphasis and spacing aside) is that spec
 *   criterion, ticked or not by the author; it is not listed twice.
 *
 * Ids are `AC-1`, `AC-2`, … in that order. At most 100 criteria, each at most 500 characters.
 */
export function extractCriteria(prBody: string, spec: { path: string; text: string } | null): Criterion[] {
  const fromSpec =
    spec === null ? [] : itemsOf(spec.text, false).map((i) => ({ ...i, source: 'task-spec' as const }));
  const byText = new Map(fromSpec.map((c) => [sameText(c.text), c]));
  const criteria: Omit<Criterion, 'id'>[] = [...fromSpec];
  for (const item of itemsOf(prBody, true)) {
    const twin = byText.get(sameText(item.text));
    if (twin) twin.checked = item.checked;
    else criteria.push({ ...item, source: 'pr-body' });
  }
  return criteria.slice(0, MAX_CRITERIA).map((c, i) => ({ id: `AC-${i + 1}`, ...c }));
}

/** Items under the criteria headings; with `fallbackToAll`, the whole text's checklist when there is none. */
function itemsOf(text: string, fallbackToAll: boolean): Item[] {
  const lines = visibleLines(text);
  const sections = criteriaSections(lines);
  if (sections.length === 0 && fallbackToAll) sections.push([0, lines.length]);
  return sections.flatMap(([start, end]) => listItemsIn(lines, start, end, fallbackToAll));
}

/** [first line, end) of each section whose heading names the criteria. */
function criteriaSections(lines: readonly string[]): [number, number][] {
  const sections: [number, number][] = [];
  let open: { level: number; start: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const heading = headingAt(lines, i);
    if (heading === null) continue;
    if (open !== null && heading.level <= open.level) {
      sections.push([open.start, i]);
      open = null;
    }
    if (open === null && SECTION_NAME.test(heading.text)) open = { level: heading.level, start: i + 1 };
  }
  if (open !== null) sections.push([open.start, lines.length]);
  return sections;
}

function listItemsIn(lines: readonly string[], start: number, end: number, checklistOnly: boolean): Item[] {
  const items: Item[] = [];
  let last: { item: Item; indent: number } | null = null;
  for (let i = start; i < end; i++) {
    const line = lines[i] ?? '';
    const listed = listItemAt(line);
    if (listed !== null) {
      last = null;
      if (listed.text === '' || (checklistOnly && listed.checked === null)) continue;
      const item = { text: listed.text, checked: listed.checked, line: i + 1 };
      items.push(item);
      last = { item, indent: listed.indent };
    } else if (
      last !== null &&
      line.trim() !== '' &&
      indentOf(line) > last.indent &&
      headingAt(lines, i) === null
    ) {
      last.item.text += ` ${line.trim()}`;
    } else {
      last = null;
    }
  }
  return items.map((item) => ({ ...item, text: clipLine(item.text, MAX_CRITERION_CHARS) }));
}

function indentOf(line: string): number {
  return (/^[ \t]*/.exec(line)?.[0] ?? '').replace(/\t/g, '    ').length;
}

function sameText(text: string): string {
  return plainText(text)
    .replace(/[`*_]/g, '')
    .replace(/[.;:!]+$/, '')
    .toLowerCase();
}
