import { stringify } from 'yaml';
import type { DeadLetterSummary } from '../dead-letter/dead-letter.js';
import { findSimilarDeadLetters } from '../dead-letter/find-similar-dead-letters.js';
import { patternLearningCandidate } from '../dead-letter/pattern-learning-candidate.js';
import type { OutcomeEvent } from './outcome-event.js';

export interface DeadLetterRow {
  repo: string;
  pr: number | null;
  pattern: string | null;
  at: string;
  why: string | null;
  signature: string | null;
  first_error_line: string | null;
}

export interface PatternCandidate {
  id: string;
  category: string;
  signals: string[];
  /** The dead letters it was learnt from (their task ids: `owner/repo#pr`). */
  seen_in: string[];
  /** To paste under `patterns.add` in `.github/closed-loop.yml`. */
  yaml: string;
}

/** The dead letters recorded (loop outcome `dead_letter`), newest first. */
export function deadLetterRows(events: readonly OutcomeEvent[]): DeadLetterRow[] {
  return events
    .filter((e) => e.kind === 'loop' && e.outcome === 'dead_letter')
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
    .map((e) => ({
      repo: e.repo,
      pr: e.pr,
      pattern: e.pattern,
      at: e.at,
      why: e.detail?.why ?? null,
      signature: e.detail?.dead_letter?.error_signature ?? null,
      first_error_line: e.detail?.dead_letter?.first_error_line ?? null,
    }));
}

/**
 * Pattern candidates from repeated failures no pattern recognised: each recorded dead-letter summary
 * (of a dead letter, or a red run the App could not place) with at least three similar ones (the seed's
 * rule: same extension, same first error line or error code) gives the pattern they share, once.
 */
export function outcomeCandidates(events: readonly OutcomeEvent[]): PatternCandidate[] {
  const summaries: DeadLetterSummary[] = events
    .flatMap((e) => (e.detail?.dead_letter ? [e.detail.dead_letter] : []))
    .filter((s) => s.final_pattern === 'unknown')
    .sort((a, b) => b.blocked_at.localeCompare(a.blocked_at));
  const found = new Map<string, PatternCandidate>();
  for (const current of summaries) {
    const candidate = patternLearningCandidate(current, findSimilarDeadLetters(current, summaries));
    if (candidate === null || found.has(candidate.hash)) continue;
    found.set(candidate.hash, {
      id: candidate.pattern.id,
      category: candidate.pattern.category,
      signals: candidate.pattern.signals,
      seen_in: candidate.task_ids,
      yaml: stringify({ patterns: { add: [candidate.pattern] } }, { lineWidth: 0 }),
    });
  }
  return [...found.values()];
}
