import type { CompiledCatalogue } from '../patterns/compile-catalogue.js';
import type { CompiledSignal } from '../patterns/compile-signal.js';
import { ANALYZER_LITERALS } from './analyzer-literals.js';
import { createLiteralAutomaton } from './literal-automaton.js';

/** What the byte scanner asks of a line's bytes. */
export interface LineScanner {
  /** True when a literal of a signal, or of the analyzer's own machinery, occurs in bytes[start, end). */
  any(bytes: Uint8Array, start: number, end: number): boolean;
  /** The signals one of whose literals occurs in bytes[start, end): the only ones that can match it. */
  signals(bytes: Uint8Array, start: number, end: number): ReadonlySet<CompiledSignal>;
}

const cache = new WeakMap<CompiledCatalogue, LineScanner | null>();

/**
 * The scanner over the catalogue's literals and the analyzer's own, in one automaton. Null when a
 * signal has no literal (every line must then be read). Built once per catalogue.
 */
export function lineScanner(catalogue: CompiledCatalogue): LineScanner | null {
  let scanner = cache.get(catalogue);
  if (scanner === undefined) {
    scanner = null;
    const bySignal = catalogue.scanLiterals;
    const literals = bySignal ? [...bySignal.keys()] : [];
    const automaton =
      bySignal &&
      createLiteralAutomaton(
        literals,
        ANALYZER_LITERALS.filter((l) => !bySignal.has(l)),
      );
    if (bySignal && automaton) {
      const owners = literals.map((l) => bySignal.get(l)!);
      scanner = {
        any: automaton.any,
        signals(bytes, start, end) {
          const found = new Set<CompiledSignal>();
          for (const i of automaton.markedIn(bytes, start, end)) for (const s of owners[i]!) found.add(s);
          return found;
        },
      };
    }
    cache.set(catalogue, scanner);
  }
  return scanner;
}
