import type { CompiledCatalogue, CompiledPattern } from '../patterns/compile-catalogue.js';
import type { CompiledSignal } from '../patterns/compile-signal.js';

/** A signal of the catalogue: its pattern, and its place among the pattern's signals. */
interface CatalogueSignal {
  compiled: CompiledPattern;
  i: number;
}

interface Numbered {
  /** Every signal in catalogue order: the patterns' order, then each pattern's own. */
  all: readonly CatalogueSignal[];
  /** A signal's place in `all`. */
  index: ReadonlyMap<CompiledSignal, number>;
}

const cache = new WeakMap<CompiledCatalogue, Numbered>();

/** The catalogue's signals numbered in catalogue order, so that a line's candidates are a sorted list. */
export function catalogueSignals(catalogue: CompiledCatalogue): Numbered {
  let numbered = cache.get(catalogue);
  if (numbered === undefined) {
    const all = catalogue.patterns.flatMap((compiled) => compiled.signals.map((_, i) => ({ compiled, i })));
    const index = new Map<CompiledSignal, number>();
    all.forEach(({ compiled, i }, n) => {
      if (!index.has(compiled.signals[i]!)) index.set(compiled.signals[i]!, n);
    });
    numbered = { all, index };
    cache.set(catalogue, numbered);
  }
  return numbered;
}
