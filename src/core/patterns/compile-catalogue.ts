import type { Pattern } from './pattern.js';
import { CatalogueError } from './merge-catalogue.js';
import { compileSignal, SignalError, type CompiledSignal } from './compile-signal.js';
import { requiredLiterals } from './required-literals.js';

export interface CompiledPattern {
  pattern: Pattern;
  signals: CompiledSignal[];
}

export interface CompiledCatalogue {
  patterns: CompiledPattern[];
  byId: ReadonlyMap<string, CompiledPattern>;
  /** False when no signal of any pattern can match the line: the fast path for the bulk of a log. */
  mayMatch(text: string, lower: string): boolean;
  /**
   * Literals (lower case), each with the signals that need it: one of a signal's literals is in every
   * line it matches (a literal signal's longest caseless run, a regex signal's required literals). Null
   * when a signal has none (see `signalsWithoutLiteral`): then no line can be skipped unread.
   */
  scanLiterals: ReadonlyMap<string, readonly CompiledSignal[]> | null;
  /** The signals no literal announces (`/^\s*\d+$/`): every line must be tested against them. */
  signalsWithoutLiteral: readonly string[];
  /** Ids of the patterns a config added, or gave signals of its own. */
  custom: ReadonlySet<string>;
}

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function compileCatalogue(
  patterns: readonly Pattern[],
  custom: ReadonlySet<string> = new Set(),
): CompiledCatalogue {
  const compiled = patterns.map((pattern) => ({
    pattern,
    signals: pattern.signals.map((source, i) => {
      try {
        return compileSignal(source);
      } catch (err) {
        if (err instanceof SignalError)
          throw new CatalogueError(`pattern ${pattern.id}, signals[${i}]: ${err.message}`);
        throw err;
      }
    }),
  }));
  const all = compiled.flatMap((c) => c.signals);
  const literals = all.filter((s) => !s.isRegex).map((s) => s.source.toLowerCase());
  // One alternation over every literal, and one per flag set over the regexes, answer "could anything
  // match?" in a few scans of the line instead of one per signal.
  const literalScan = literals.length > 0 ? combineLiterals(literals) : null;
  const regexScans = combineRegexes(all.flatMap((s) => (s.regex ? [s.regex] : [])));
  const required = all.map((s) => ({
    signal: s,
    literals: requiredLiterals(s.regex ?? new RegExp(escapeRegex(s.source), 'i')),
  }));
  const signalsWithoutLiteral = required.filter((r) => r.literals === null).map((r) => r.signal.source);
  const scanLiterals = new Map<string, CompiledSignal[]>();
  for (const { signal, literals } of required)
    for (const l of literals ?? []) scanLiterals.set(l, [...(scanLiterals.get(l) ?? []), signal]);
  return {
    scanLiterals: signalsWithoutLiteral.length > 0 ? null : scanLiterals,
    signalsWithoutLiteral,
    custom,
    patterns: compiled,
    byId: new Map(compiled.map((c) => [c.pattern.id, c])),
    mayMatch(text, lower) {
      if (literalScan?.test(lower)) return true;
      for (const r of regexScans) if (r.test(text)) return true;
      return false;
    },
  };
}

function combineLiterals(literals: string[]): { test(lower: string): boolean } {
  try {
    return new RegExp(literals.map(escapeRegex).join('|'));
  } catch {
    // Past V8's size for one expression (the config caps a signal's length, so only in theory).
    return { test: (lower) => literals.some((l) => lower.includes(l)) };
  }
}

function combineRegexes(regexes: RegExp[]): RegExp[] {
  const byFlags = new Map<string, string[]>();
  for (const r of regexes) byFlags.set(r.flags, [...(byFlags.get(r.flags) ?? []), `(?:${r.source})`]);
  return [...byFlags].flatMap(([flags, sources]) => {
    try {
      return [new RegExp(sources.join('|'), flags)];
    } catch {
      // Duplicate named groups across signals cannot share one expression: test them one by one.
      return sources.map((s) => new RegExp(s, flags));
    }
  });
}
