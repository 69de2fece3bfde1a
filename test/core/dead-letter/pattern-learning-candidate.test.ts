import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { buildDeadLetter } from '../../../src/core/dead-letter/build-dead-letter.js';
import type { DeadLetterSummary } from '../../../src/core/dead-letter/dead-letter.js';
import { patternLearningCandidate } from '../../../src/core/dead-letter/pattern-learning-candidate.js';
import { renderCandidatePattern } from '../../../src/core/dead-letter/render-candidate-pattern.js';
import { renderDeadLetter } from '../../../src/core/dead-letter/render-dead-letter.js';
import { PatternSchema } from '../../../src/core/patterns/pattern.js';
import { aDiagnosis, anAttempt, anEarlierDeadLetter, anInput } from './builders.js';

const unmatched = aDiagnosis({
  pattern: null,
  category: 'unknown',
  confidence: 0.2,
  signature: 'unknown:go:9c1d2e3f',
  locations: [],
});
const errorFor = (i: number): string =>
  `pkg/store/store_${i}.go:${10 + i}:2: frobnicator stalled while draining queue ${i} after 120ms`;
const unknownFailure = (taskId: string, i: number): DeadLetterSummary =>
  anEarlierDeadLetter(taskId, {
    attempts: [
      anAttempt({
        error: errorFor(i),
        pattern_matched: null,
        strategy_used: 'analyze_then_fix',
        files_modified: [`pkg/store/store_${i}.go`],
      }),
    ],
    finalDiagnosis: unmatched,
  });
const input = (similarCount: number, confidence: number) =>
  anInput({
    attempts: [
      anAttempt({
        error: errorFor(0),
        pattern_matched: null,
        strategy_used: 'analyze_then_fix',
        files_modified: ['pkg/store/store_0.go'],
      }),
    ],
    finalDiagnosis: { ...unmatched, confidence },
    similar: [1, 2, 3, 4].slice(0, similarCount).map((i) => unknownFailure(`task-earlier-${i}`, i)),
  });

describe('pattern learning candidate', () => {
  it.each([
    [2, 0.2, false],
    [3, 0.2, true],
    [4, 0.49, true],
    [3, 0.5, false],
    [4, 0.9, false],
  ])('with %i similar failures and confidence %f → candidate: %s', (similar, confidence, expected) => {
    const entry = buildDeadLetter(input(similar, confidence));
    expect(entry.candidate !== null).toBe(expected);
    const md = renderDeadLetter(entry);
    expect(md.includes('## Pattern Learning Candidate')).toBe(expected);
    if (entry.candidate !== null) {
      expect(md).toContain(`This failure matches ${similar} others with no confident pattern match.`);
      expect(md).toContain(`See: candidate-pattern-${entry.candidate.hash}.md (beside this dead letter)`);
    }
  });

  it('does not count a confident alternative pattern as "no confident match"', () => {
    const base = input(3, 0.2);
    const entry = buildDeadLetter({
      ...base,
      finalDiagnosis: { ...unmatched, alternatives: [{ pattern: 'build-error', confidence: 0.6 }] },
    });
    expect(entry.candidate).toBeNull();
  });

  it('proposes signals every one of the failures matches (case-insensitive substring, as the analyzer matches)', () => {
    const entry = buildDeadLetter(input(3, 0.2));
    const candidate = entry.candidate;
    expect(candidate?.pattern).toMatchObject({
      strategy: 'analyze_then_fix',
      id: `candidate-${candidate?.hash}`,
    });
    expect(candidate?.pattern.signals).toContain('frobnicator stalled while draining queue');
    for (const i of [0, 1, 2, 3]) {
      for (const signal of candidate?.pattern.signals ?? [])
        expect(errorFor(i).toLowerCase()).toContain(signal);
    }
    expect(candidate?.task_ids).toEqual([
      'task-x7y8z9-failing-task',
      'task-earlier-1',
      'task-earlier-2',
      'task-earlier-3',
    ]);
  });

  it('is stable: the same failures give the same hash', () => {
    expect(buildDeadLetter(input(3, 0.2)).candidate?.hash).toBe(
      buildDeadLetter(input(3, 0.2)).candidate?.hash,
    );
  });

  it('returns null below three similar failures even when called directly', () => {
    const current = unknownFailure('now', 0);
    expect(patternLearningCandidate(current, [unknownFailure('a', 1), unknownFailure('b', 2)])).toBeNull();
  });

  it('renders a file whose YAML snippet pastes under patterns.add as a valid Pattern', () => {
    const candidate = buildDeadLetter(input(3, 0.2)).candidate;
    if (candidate === null) throw new Error('expected a candidate');
    const md = renderCandidatePattern(candidate);
    expect(md).toMatch(/^# Candidate pattern: candidate-[0-9a-f]{8}/);
    const yaml = /```yaml\n([\s\S]*?)\n```/.exec(md)?.[1] ?? '';
    const parsed = parse(yaml) as { patterns: { add: unknown[] } };
    expect(PatternSchema.parse(parsed.patterns.add[0])).toEqual(candidate.pattern);
  });
});
