import type { CompiledCatalogue, CompiledPattern } from '../patterns/compile-catalogue.js';
import { catalogueSignals } from './catalogue-signals.js';
import { EvidenceWindow, textOf, type LineText } from './evidence-window.js';

/** A pattern that fired: the signals that matched, and where it first did. */
export interface Hit {
  compiled: CompiledPattern;
  matched: Set<number>;
  firstLine: number;
  step: number;
  headline: string;
  window: EvidenceWindow;
}

/** Where a line is in the log: its number, its CI step, and the lines just before it (evidence). */
interface LinePosition {
  line: number;
  step: number;
  before: readonly LineText[];
}

export interface CatalogueMatcher {
  /** The patterns that fired so far, by id, in the order they first fired. */
  readonly hits: ReadonlyMap<string, Hit>;
  /** True while a hit's evidence window still takes the lines that follow. */
  anyWindowOpen(): boolean;
  /** Feeds the line to the evidence windows still open. */
  extendWindows(text: string): void;
  /**
   * Tries the catalogue's signals on one cleaned line (`lower`: its lower case). `testLine`: the line names a
   * failing test or says its message, which only test patterns read. `only`: the only signals that can
   * match it, when the scanner knows (their indices in catalogue order, ascending: see catalogueSignals).
   */
  matchLine(text: string, lower: string, at: LinePosition, testLine: boolean, only?: readonly number[]): void;
}

export function createCatalogueMatcher(catalogue: CompiledCatalogue): CatalogueMatcher {
  const hits = new Map<string, Hit>();
  /** The hits whose windows may still be open: those of the last lines (a long log has dozens of hits). */
  let opened: Hit[] = [];
  const prune = (): void => {
    if (opened.length > 0 && opened.some((h) => !h.window.open)) opened = opened.filter((h) => h.window.open);
  };

  const match = (
    compiled: CompiledPattern,
    i: number,
    text: string,
    lower: string,
    at: LinePosition,
  ): void => {
    let hit = hits.get(compiled.pattern.id);
    if (hit?.matched.has(i) || !compiled.signals[i]!.test(text, lower)) return;
    if (!hit) {
      hit = {
        compiled,
        matched: new Set(),
        firstLine: at.line,
        step: at.step,
        headline: text,
        window: new EvidenceWindow(Math.max(1, at.line - at.before.length), at.before.map(textOf), text),
      };
      hits.set(compiled.pattern.id, hit);
      opened.push(hit);
    }
    hit.matched.add(i);
  };

  const { all } = catalogueSignals(catalogue);
  return {
    hits,
    anyWindowOpen() {
      prune();
      return opened.length > 0;
    },
    extendWindows(text) {
      for (const hit of opened) hit.window.extend(text);
      prune();
    },
    matchLine(text, lower, at, testLine, only) {
      if (only === undefined) {
        for (const compiled of catalogue.patterns) {
          if (testLine && compiled.pattern.category !== 'test') continue;
          for (let i = 0; i < compiled.signals.length; i++) match(compiled, i, text, lower, at);
        }
        return;
      }
      // The scanner named the signals that can match: only those are tried, in catalogue order.
      for (let k = 0; k < only.length; k++) {
        const { compiled, i } = all[only[k]!]!;
        if (!testLine || compiled.pattern.category === 'test') match(compiled, i, text, lower, at);
      }
    },
  };
}
