import type { Pattern } from '../src/core/patterns/pattern.js';

/**
 * The seed's matchFailurePattern, transcribed as written, as the benchmark's baseline: the whole log as
 * one string, confidence = signals matched / signals, threshold 0.3, the best confidence wins.
 */
export function naiveMatch(errorOutput: string, patterns: readonly Pattern[]): { pattern: string | null; confidence: number } {
  const normalized = errorOutput.toLowerCase();
  let best: { pattern: string; confidence: number } | null = null;
  for (const pattern of patterns) {
    let matchCount = 0;
    for (const signal of pattern.signals) {
      const regex = /^\/(.+)\/([a-z]*)$/s.exec(signal);
      if (regex ? new RegExp(regex[1] as string, `${regex[2]}m`).test(errorOutput) : normalized.includes(signal.toLowerCase())) matchCount++;
    }
    const confidence = matchCount / pattern.signals.length;
    if (confidence >= 0.3 && (!best || confidence > best.confidence)) best = { pattern: pattern.id, confidence };
  }
  return best ?? { pattern: null, confidence: 0 };
}
