import type { CompiledCatalogue } from '../patterns/compile-catalogue.js';
import { ANALYZER_LITERALS } from './analyzer-literals.js';
import { createLiteralAutomaton, type LiteralAutomaton } from './literal-automaton.js';

/** `all` finds the lines worth reading; `signals`, among those, the lines a signal may match. */
export interface ScanAutomata {
  all: LiteralAutomaton;
  signals: LiteralAutomaton;
}

const cache = new WeakMap<CompiledCatalogue, ScanAutomata | null>();

/**
 * The automaton that finds every line worth decoding: the catalogue's literals and the analyzer's own.
 * Null when a signal has no literal (every line must then be read). Built once per catalogue.
 */
export function scanAutomata(catalogue: CompiledCatalogue): ScanAutomata | null {
  let automata = cache.get(catalogue);
  if (automata === undefined) {
    const signals = catalogue.scanLiterals;
    automata = signals === null ? null
      : { all: createLiteralAutomaton([...new Set([...signals, ...ANALYZER_LITERALS])]), signals: createLiteralAutomaton(signals) };
    cache.set(catalogue, automata);
  }
  return automata;
}
