import type { CompiledCatalogue } from '../patterns/compile-catalogue.js';
import { ANALYZER_LITERAL_GROUPS, UNVOUCHED_CONCERNS } from './analyzer-literals.js';
import { catalogueSignals } from './catalogue-signals.js';
import { createLiteralAutomaton, type LiteralAutomaton } from './literal-automaton.js';

/**
 * What the byte scanner asks of a line: one pass over its bytes tells whether any literal occurs (of a
 * signal, or of the analyzer's own machinery) and which signals can match it. The answers are the last
 * scan's, held in buffers the scanner reuses: nothing is allocated per line.
 */
/** What the last scan of a line found, as the analyzer reads it. */
export type LineHints = Pick<LineScanner, 'signals' | 'concerns'>;

export interface LineScanner {
  /** Scans bytes[start, end): true when a literal of a signal or of the analyzer's machinery occurs. */
  scan(bytes: Uint8Array, start: number, end: number): boolean;
  /**
   * Scans a line's text (its lower case: what the catalogue's literals are found in) through its UTF-8
   * bytes; false, with no answer, when the line is too long for the scanner's buffer.
   */
  scanText(lower: string): boolean;
  /**
   * The signals one of whose literals the last scan found, the only ones that can match the line: their
   * indices in catalogue order (catalogueSignals), ascending, each once. Valid until the next scan.
   */
  signals(): readonly number[];
  /**
   * The parts of the analyzer the last scan's line concerns (analyzer-literals' CONCERN bits): those whose
   * literals it holds, and those the scan cannot vouch for.
   */
  concerns(): number;
  /** Adds concerns the scan cannot see (a line that may be a bare path); true. */
  concern(bits: number): true;
  /** Takes concerns back (no path before a line number); true when the line still holds a literal. */
  unconcern(bits: number): boolean;
}

interface Tables {
  automaton: LiteralAutomaton;
  /** For each marked literal, the signals (catalogue indices) that need it. */
  owners: Int32Array[];
  signalCount: number;
}

const cache = new WeakMap<CompiledCatalogue, Tables | null>();
/** Lines longer than this (in UTF-16 units; the analyzer cuts them at 4096 and keeps their ends) are not. */
const MAX_TEXT_UNITS = 4200;
const encoder = new TextEncoder();

/**
 * Whether the scanner's tables for `catalogue` are built already (a catalogue used before, as the App's is
 * across deliveries): reading a log with the scanner from its first line then costs nothing extra.
 */
export const scannerBuilt = (catalogue: CompiledCatalogue): boolean => cache.has(catalogue);

function tablesOf(catalogue: CompiledCatalogue): Tables | null {
  let tables = cache.get(catalogue);
  if (tables === undefined) {
    tables = null;
    const bySignal = catalogue.scanLiterals;
    const literals = bySignal ? [...bySignal.keys()] : [];
    const automaton = bySignal && createLiteralAutomaton(literals, [], ANALYZER_LITERAL_GROUPS);
    if (bySignal && automaton) {
      const { index, all } = catalogueSignals(catalogue);
      const owners = literals.map((l) => Int32Array.from(bySignal.get(l)!, (s) => index.get(s)!));
      tables = { automaton, owners, signalCount: all.length };
    }
    cache.set(catalogue, tables);
  }
  return tables;
}

/**
 * A scanner over the catalogue's literals and the analyzer's own, in one automaton (built once per
 * catalogue). Null when a signal has no literal (every line must then be read).
 */
export function lineScanner(catalogue: CompiledCatalogue): LineScanner | null {
  const tables = tablesOf(catalogue);
  if (tables === null) return null;
  const { automaton, owners } = tables;
  const marked: number[] = [];
  const found: number[] = [];
  /** The scan that last found each signal: a signal is listed once per scan without clearing a set. */
  const seenIn = new Uint32Array(tables.signalCount);
  let scanNo = 0;
  let sorted = true;
  /** The concerns of the last scan's line, and those of the literals it found. */
  let flags = 0;
  let literalConcerns = 0;
  const text = new Uint8Array(3 * MAX_TEXT_UNITS);
  const scan = (bytes: Uint8Array, start: number, end: number): boolean => {
    // Most lines mark nothing: setting a length is a call into the runtime, even to its own value.
    if (marked.length !== 0) marked.length = 0;
    if (found.length !== 0) found.length = 0;
    scanNo++;
    const any = automaton.scan(bytes, start, end, marked);
    literalConcerns = automaton.flags();
    flags = literalConcerns | UNVOUCHED_CONCERNS;
    for (let m = 0; m < marked.length; m++) {
      const signals = owners[marked[m]!]!;
      for (let k = 0; k < signals.length; k++) {
        const s = signals[k]!;
        if (seenIn[s] === scanNo) continue;
        seenIn[s] = scanNo;
        found.push(s);
      }
    }
    sorted = found.length < 2;
    return any;
  };
  return {
    scan,
    scanText(lower) {
      if (lower.length > MAX_TEXT_UNITS) return false;
      scan(text, 0, encoder.encodeInto(lower, text).written);
      return true;
    },
    concerns: () => flags,
    concern(bits) {
      flags |= bits;
      return true;
    },
    unconcern(bits) {
      flags &= ~bits;
      literalConcerns &= ~bits;
      return literalConcerns !== 0 || found.length > 0;
    },
    signals() {
      if (!sorted) {
        // A line names a few signals: an insertion sort, in place, without a comparator's calls.
        for (let i = 1; i < found.length; i++) {
          const s = found[i]!;
          let j = i - 1;
          for (; j >= 0 && found[j]! > s; j--) found[j + 1] = found[j]!;
          found[j + 1] = s;
        }
        sorted = true;
      }
      return found;
    },
  };
}
