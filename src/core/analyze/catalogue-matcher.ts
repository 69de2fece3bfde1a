import type { CompiledCatalogue, CompiledPattern } from '../patterns/compile-catalogue.js';
import type { CompiledSignal } from '../patterns/compile-signal.js';
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
  /**
   * Tries the catalogue's signals on one cleaned line (`lower`: its lower case). `testLine`: the line names a
   * failing test or says its message, which only test patterns read. `only`: the only signals that can
   * match it, when the byte scanner knows.
   */
  matchLine(
    text: string,
    lower: string,
    at: LinePosition,
    testLine: boolean,
    only?: ReadonlySet<CompiledSignal>,
  ): void;
}

export function createCatalogueMatcher(catalogue: CompiledCatalogue): CatalogueMatcher {
  const hits = new Map<string, Hit>();

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
    }
    hit.matched.add(i);
  };

  let owners: Map<CompiledSignal, { compiled: CompiledPattern; i: number; rank: number }> | null = null;
  return {
    hits,
    matchLine(text, lower, at, testLine, only) {
      if (only === undefined) {
        for (const compiled of catalogue.patterns) {
          if (testLine && compiled.pattern.category !== 'test') continue;
          for (let i = 0; i < compiled.signals.length; i++) match(compiled, i, text, lower, at);
        }
        return;
      }
      // The byte scanner named the signals that can match: only those are tried, in catalogue order.
      owners ??= new Map(
        catalogue.patterns.flatMap((compiled, p) =>
          compiled.signals.map((s, i) => [s, { compiled, i, rank: p * 10_000 + i }] as const),
        ),
      );
      const tried = [...only].map((s) => owners!.get(s)!).sort((x, y) => x.rank - y.rank);
      for (const { compiled, i } of tried)
        if (!testLine || compiled.pattern.category === 'test') match(compiled, i, text, lower, at);
    },
  };
}
