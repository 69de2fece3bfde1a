import type { CompiledCatalogue } from '../patterns/compile-catalogue.js';
import { ANALYZER_LITERALS } from './analyzer-literals.js';
import { createLiteralAutomaton, type LiteralAutomaton } from './literal-automaton.js';

const cache = new WeakMap<CompiledCatalogue, LiteralAutomaton | null>();

/**
 * The automaton that finds every line worth decoding (`any`: the catalogue's literals and the
 * analyzer's own) and, among those, the lines a signal may match (`marked`). Null when a signal has no
 * literal (every line must then be read). Built once per catalogue.
 */
export function scanAutomata(catalogue: CompiledCatalogue): LiteralAutomaton | null {
  let automaton = cache.get(catalogue);
  if (automaton === undefined) {
    const signals = catalogue.scanLiterals;
    automaton = signals && createLiteralAutomaton(signals, ANALYZER_LITERALS.filter((l) => !signals.includes(l)));
    cache.set(catalogue, automaton);
  }
  return automaton;
}
