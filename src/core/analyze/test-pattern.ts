import type { CompiledPattern } from '../patterns/compile-catalogue.js';
import { confidenceOf } from '../patterns/compile-signal.js';
import { cleanLine, isPassingLine } from './clean-line.js';

const MAX_REPORTED_MATCHES = 200;

export interface PatternTestResult {
  id: string;
  /** Lines where at least one signal matched (first MAX_REPORTED_MATCHES), with the signals that did. */
  matches: { line: number; text: string; signals: string[] }[];
  totalMatchingLines: number;
  matched: string[];
  unmatched: string[];
  /** Lines that would have matched but were ignored because they report a passing check. */
  ignoredPassingLines: number;
  confidence: number;
}

/** Shows which signals of one pattern match a log, line by line: a tester for people writing patterns. */
export function createPatternTester(compiled: CompiledPattern): {
  push(raw: string): void;
  finish(): PatternTestResult;
} {
  const matches: PatternTestResult['matches'] = [];
  const seen = new Set<number>();
  let lineNo = 0;
  let total = 0;
  let ignored = 0;
  return {
    push(raw) {
      lineNo++;
      const { text } = cleanLine(raw);
      const lower = text.toLowerCase();
      const signals = compiled.signals.flatMap((s, i) => (s.test(text, lower) ? [i] : []));
      if (signals.length === 0) return;
      if (isPassingLine(text)) {
        ignored++;
        return;
      }
      total++;
      for (const i of signals) seen.add(i);
      if (matches.length < MAX_REPORTED_MATCHES) {
        matches.push({ line: lineNo, text, signals: signals.map((i) => compiled.signals[i]!.source) });
      }
    },
    finish() {
      return {
        id: compiled.pattern.id,
        matches,
        totalMatchingLines: total,
        matched: compiled.signals.filter((_, i) => seen.has(i)).map((s) => s.source),
        unmatched: compiled.signals.filter((_, i) => !seen.has(i)).map((s) => s.source),
        ignoredPassingLines: ignored,
        confidence: confidenceOf([...seen].map((i) => compiled.signals[i]!)),
      };
    },
  };
}
