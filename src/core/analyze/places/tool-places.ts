import type { Location } from '../../diagnosis.js';

/** A place as a tool reader found it; `unlined` for a file named without a line (reported at its line 1). */
export type ToolPlace = Location & { unlined?: true };
import type { FileList, ReportSection, Tool } from '../../patterns/tools/tool.js';
import type { Locator } from './locate.js';

/**
 * The places the tools (src/core/patterns/tools) say in their own ways. Each reader answers the places of
 * a line, or undefined when the line is none of its shapes (the next reader then tries).
 */
export interface ToolPlaces {
  /** Rows of a report that named its file once (a section is open), and the headers that open one. */
  section(text: string): Location[] | undefined;
  /** Rows of a list of files under a heading. */
  list(text: string): Location[] | undefined;
  /** A place named on one line: a file without a line, or a line in the tool's own words. */
  oneLine(text: string): ToolPlace[] | undefined;
  /** True for a line whose places are no failure's (a compiler's note). */
  notPlace(text: string): boolean;
  /** True for a line whose place is a side note of another error (tools' `asides`). */
  aside(text: string): boolean;
  /** True inside a section or a list, where any line can be one of its rows. */
  busy(): boolean;
}

export function createToolPlaces(tools: readonly Tool[], locate: Locator): ToolPlaces {
  const sections = tools.flatMap((t) => t.places?.sections ?? []);
  const lists = tools.flatMap((t) => t.places?.lists ?? []);
  const files = tools.flatMap((t) => t.places?.files ?? []);
  const worded = tools.flatMap((t) => t.places?.worded ?? []);
  const notPlaces = tools.flatMap((t) => t.places?.notPlaces ?? []);
  const asides = tools.flatMap((t) => t.places?.asides ?? []);
  let section: { file: string; row: ReportSection['row'] } | null = null;
  let list: FileList | null = null;

  const sectionRow = (text: string): Location[] | undefined => {
    for (const s of sections) {
      const header = text.includes(s.literal) ? s.header.exec(text) : null;
      if (header) section = { file: header[1] as string, row: s.row };
    }
    if (section === null) return undefined;
    const row = section.row.exec(text);
    if (row) {
      const loc = locate(section.file, row[1], row[2]);
      return loc ? [loc] : [];
    }
    if (text.trim() === '') section = null;
    return undefined;
  };

  const listRow = (text: string): Location[] | undefined => {
    const heading = lists.find((l) => l.heading === text);
    if (heading) list = heading;
    else if (list !== null && text.trim() !== '') {
      const listed = list.row.exec(text);
      const loc = listed ? locate(listed[1] as string, '1', undefined) : null;
      if (loc) return [loc];
      list = null;
    }
    return undefined;
  };

  const oneLine = (text: string): ToolPlace[] | undefined => {
    for (const f of files) {
      if (!text.includes(f.literal)) continue;
      const m = f.shape.exec(text);
      const loc = m ? locate(m[1] || (f.file ?? ''), '1', undefined) : null;
      if (loc) return [{ file: loc.file, line: loc.line, column: loc.column, unlined: true }];
    }
    for (const w of worded) {
      if (!text.includes(w.literal) || (w.when !== undefined && !w.when.test(text))) continue;
      const m = w.shape.exec(text);
      if (!m) continue;
      const [file, line, column] = (w.groups ?? [1, 2, 3]).map((g) => (g === 0 ? undefined : m[g]));
      const col = w.zeroBasedColumn && column !== undefined ? String(Number(column) + 1) : column;
      const loc = locate(file as string, line, col);
      if (loc) return [loc];
      if (w.final) return [];
    }
    return undefined;
  };

  return {
    section: sectionRow,
    list: listRow,
    oneLine,
    notPlace: (text) => notPlaces.some((n) => text.includes(n.literal) && n.shape.test(text)),
    aside: (text) => asides.some((n) => text.includes(n.literal) && n.shape.test(text)),
    busy: () => section !== null || list !== null,
  };
}

/**
 * The literals of the lines the tools' places need read (the byte scanner skips lines with none of them):
 * each shape's own gate, which the readers above check before the shape, so none can be left out. Lines of
 * an open section or list are read anyway (busy), and a line that is no place needs no reading.
 */
export function toolPlaceLiterals(tools: readonly Tool[]): string[] {
  return tools.flatMap((t) => [
    ...(t.places?.sections ?? []).map((s) => s.literal),
    ...(t.places?.lists ?? []).map((l) => l.heading),
    ...(t.places?.files ?? []).map((f) => f.literal),
    ...(t.places?.worded ?? []).map((w) => w.literal),
  ]);
}

/**
 * The literals of the lines the tools' `notPlaces` and `asides` tell apart: neither is asked about a line
 * without one of them.
 */
export function toolNoteLiterals(tools: readonly Tool[]): string[] {
  return tools.flatMap((t) => [
    ...(t.places?.notPlaces ?? []).map((n) => n.literal),
    ...(t.places?.asides ?? []).map((n) => n.literal),
  ]);
}
