import type { Pattern } from './pattern.js';
import { CatalogueError } from './merge-catalogue.js';
import { compileSignal, SignalError, type CompiledSignal } from './compile-signal.js';

export interface CompiledPattern {
  pattern: Pattern;
  signals: CompiledSignal[];
}

export interface CompiledCatalogue {
  patterns: CompiledPattern[];
  byId: ReadonlyMap<string, CompiledPattern>;
  /** False when no signal of any pattern can match the line: the fast path for the bulk of a log. */
  mayMatch(text: string, lower: string): boolean;
}

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function compileCatalogue(patterns: readonly Pattern[]): CompiledCatalogue {
  const compiled = patterns.map((pattern) => ({
    pattern,
    signals: pattern.signals.map((source, i) => {
      try {
        return compileSignal(source);
      } catch (err) {
        if (err instanceof SignalError) throw new CatalogueError(`pattern ${pattern.id}, signals[${i}]: ${err.message}`);
        throw err;
      }
    }),
  }));
  const all = compiled.flatMap((c) => c.signals);
  const literals = all.filter((s) => !s.isRegex).map((s) => escapeRegex(s.source.toLowerCase()));
  const regexes = all.filter((s) => s.isRegex);
  // One alternation over every literal answers "could anything match?" in a single scan of the line.
  const literalScan = literals.length > 0 ? new RegExp(literals.join('|')) : null;
  return {
    patterns: compiled,
    byId: new Map(compiled.map((c) => [c.pattern.id, c])),
    mayMatch(text, lower) {
      if (literalScan?.test(lower)) return true;
      for (const r of regexes) if (r.test(text, lower)) return true;
      return false;
    },
  };
}
