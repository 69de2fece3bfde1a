import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/analyze/create-analyzer.js';
import { compileCatalogue } from '../../../src/core/patterns/compile-catalogue.js';
import { defaultPatterns } from '../../../src/core/patterns/default-catalogue.js';
import { redRunAnnotations } from '../../../src/core/pull-request/render-red-run.js';
import {
  ANNOTATION_LIMITS,
  annotationsFor,
  type Annotation,
} from '../../../src/core/pull-request/annotations-for.js';
import { aDeadLetterResult, aDiagnosis, aLoopResult, anAttempt } from './builders.js';

const count = (as: Annotation[], level: Annotation['level']) => as.filter((a) => a.level === level).length;

/** A tsc log naming `n` distinct lines of src/big.ts. */
function manyErrors(n: number) {
  const lines = Array.from(
    { length: n },
    (_, i) => `src/big.ts(${i + 1},5): error TS2322: Type 'string' is not assignable (${i + 1}).`,
  );
  return aDiagnosis({
    locations: lines.map((_, i) => ({ file: 'src/big.ts', line: i + 1, column: 5 })),
    signature: 'type-error:ts:big',
    evidence: { startLine: 1, endLine: n, text: lines.join('\n') },
  });
}

describe('annotationsFor: located errors', () => {
  it('annotates the final diagnosis at file:line:col with its log line, titled with its pattern and the strategy that last ran on it', () => {
    // context_expand (the pattern's first choice) ran, then analyze_then_fix: the title names the last.
    expect(annotationsFor(aDeadLetterResult())).toEqual([
      {
        level: 'error',
        title: 'closed-loop: type-error → analyze_then_fix',
        file: 'src/utils.ts',
        startLine: 15,
        startColumn: 3,
        message: "src/utils.ts(15,3): error TS2322: Type 'string' is not assignable to type 'number'.",
      },
    ]);
  });

  it('adds the last failing attempt as warnings when its failure was a different one', () => {
    const result = aDeadLetterResult();
    result.history.push(
      anAttempt({
        attempt: 3,
        pattern_matched: 'lint-error',
        strategy_used: 'auto_fix',
        signature: 'lint-error:js:1',
        error: 'src/cart.js:3:7  error  Unexpected var  no-var\nsrc/utils.ts:15:3 error again',
      }),
    );
    expect(annotationsFor(result).map((a) => [a.level, a.file, a.startLine, a.title])).toEqual([
      ['error', 'src/utils.ts', 15, 'closed-loop: type-error → analyze_then_fix'],
      ['warning', 'src/cart.js', 3, 'closed-loop: lint-error → auto_fix (attempt 3)'],
    ]);
  });

  it('shows the evidence of a failure with no file to point at, named by its category; no strategy ran: no fix', () => {
    const result = aDeadLetterResult();
    result.history = [];
    result.diagnosis = aDiagnosis({
      pattern: null,
      category: 'test',
      confidence: 0.2,
      strategy: 'analyze_then_fix',
      locations: [],
      signature: 'unknown:none:1',
      evidence: {
        startLine: 40,
        endLine: 42,
        text: '> node scripts/selftest.mjs\nselftest: 3 of 12 checks did not hold\nProcess completed with exit code 1.',
      },
    });
    expect(annotationsFor(result)).toEqual([
      {
        level: 'error',
        title: 'closed-loop: test failure (no known pattern) → no fix',
        message:
          '> node scripts/selftest.mjs\nselftest: 3 of 12 checks did not hold\nProcess completed with exit code 1.',
      },
    ]);
  });

  it('does not repeat the last attempt when it is the same failure', () => {
    expect(annotationsFor(aDeadLetterResult())).toHaveLength(1);
  });

  it('annotates what the loop fixed as notices once it succeeded', () => {
    expect(annotationsFor(aLoopResult())).toEqual([
      {
        level: 'notice',
        title: 'closed-loop: lint-error → auto_fix (attempt 1)',
        file: 'src/cart.js',
        startLine: 3,
        startColumn: 7,
        message: 'src/cart.js:3:7 error Unexpected var no-var',
      },
    ]);
  });

  it('deduplicates by file:line', () => {
    const d = aDiagnosis({
      locations: [
        { file: 'a.ts', line: 1, column: 1 },
        { file: 'a.ts', line: 1, column: 9 },
        { file: 'a.ts', line: 2, column: null },
      ],
      evidence: null,
    });
    const as = annotationsFor(aDeadLetterResult({ diagnosis: d, history: [] }));
    expect(as.map((a) => `${a.file}:${a.startLine}`)).toEqual(['a.ts:1', 'a.ts:2']);
    expect(as[1]).not.toHaveProperty('startColumn');
    expect(as[0]?.message).toBe('type-error (type)');
  });

  it("says the tool's message the analyzer read for each place, not the frame or a banner that names it", () => {
    const d = aDiagnosis({
      pattern: 'test-failure',
      category: 'test',
      strategy: 'analyze_then_fix',
      locations: [
        { file: 'test/a.spec.js', line: 17, column: 26 },
        { file: 'test/b.spec.js', line: 13, column: 12 },
      ],
      messages: ['expect(received).toBe(expected)\nExpected: 6\nReceived: 5', ''],
      evidence: {
        startLine: 1,
        endLine: 3,
        text: 'FAIL test/b.spec.js\n      at Object.discount (test/b.spec.js:13:12)\nFAIL test/a.spec.js',
      },
    });
    const as = annotationsFor(aDeadLetterResult({ diagnosis: d, history: [] }));
    expect(as.map((a) => [a.file, a.startLine, a.message])).toEqual([
      ['test/a.spec.js', 17, 'expect(received).toBe(expected)\nExpected: 6\nReceived: 5'],
      // No message read (an older result): the line naming the place, as before.
      ['test/b.spec.js', 13, 'at Object.discount (test/b.spec.js:13:12)'],
    ]);
  });

  it("gives a frame of the last attempt's output its failure's message", () => {
    const result = aDeadLetterResult();
    result.history.push(
      anAttempt({
        attempt: 3,
        pattern_matched: 'test-failure',
        signature: 'test-failure:js:1',
        error: [
          'FAIL src/cart.test.js',
          '  ● total › counts every item',
          '',
          '    expect(received).toBe(expected) // Object.is equality',
          '',
          '      at Object.toBe (src/cart.test.js:17:26)',
        ].join('\n'),
      }),
    );
    expect(annotationsFor(result).find((a) => a.level === 'warning')).toMatchObject({
      file: 'src/cart.test.js',
      startLine: 17,
      message: 'expect(received).toBe(expected) // Object.is equality',
    });
  });

  it('carries the verdict in one unlocated error when nothing was located', () => {
    const result = aDeadLetterResult({
      diagnosis: aDiagnosis({ locations: [] }),
      history: [anAttempt({ error: 'network unreachable' })],
    });
    expect(annotationsFor(result)).toEqual([
      {
        level: 'error',
        title: 'closed-loop: dead letter',
        message: 'retry_budget_exhausted: type-error twice under context_expand',
      },
    ]);
  });

  it('writes nothing for a clean success', () => {
    expect(
      annotationsFor(
        aLoopResult({ history: [anAttempt({ error: null, result: 'All checks passed' })], fix_commits: [] }),
      ),
    ).toEqual([]);
  });
});

describe("annotationsFor: GitHub's per-step limits", () => {
  it.each([
    [5, 5, 0],
    [10, 10, 0],
    [11, 10, 1],
    [40, 10, 30],
  ])('%i located errors → %i error annotations, %i counted in one notice', (n, errors, left) => {
    const as = annotationsFor(aDeadLetterResult({ diagnosis: manyErrors(n), history: [] }));
    expect(count(as, 'error')).toBe(errors);
    expect(count(as, 'error')).toBeLessThanOrEqual(ANNOTATION_LIMITS.error);
    const notices = as.filter((a) => a.level === 'notice');
    if (left === 0) expect(notices).toEqual([]);
    else {
      expect(notices).toHaveLength(1);
      expect(notices[0]?.message).toMatch(
        new RegExp(
          `^${left} more located error\\(s\\) not annotated \\(GitHub shows 10 errors, 10 warnings and 10 notices per step\\): src/big.ts:11[,.] `,
        ),
      );
    }
  });

  it('keeps the notice limit, summary notice included', () => {
    const as = annotationsFor(aLoopResult({ status: 'success', diagnosis: manyErrors(25), history: [] }));
    expect(count(as, 'notice')).toBe(ANNOTATION_LIMITS.notice);
    expect(as.at(-1)?.message).toMatch(/^16 more located error/);
  });

  it('keeps errors and warnings to 10 each', () => {
    const result = aDeadLetterResult({ diagnosis: manyErrors(12) });
    const log = Array.from({ length: 12 }, (_, i) => `lib/w.py:${i + 1}:1: E501 line too long`).join('\n');
    result.history.push(
      anAttempt({ attempt: 3, signature: 'lint-error:py:1', pattern_matched: 'lint-error', error: log }),
    );
    const as = annotationsFor(result);
    expect([count(as, 'error'), count(as, 'warning'), count(as, 'notice')]).toEqual([10, 10, 1]);
    expect(as.at(-1)?.message).toMatch(
      /^4 more located error\(s\).*src\/big.ts:11, src\/big.ts:12, lib\/w.py:11, lib\/w.py:12\./,
    );
  });
});

describe('annotationsFor: secrets', () => {
  it('masks the message and title', () => {
    const token = `ghp_${'Z9y8'.repeat(9)}`;
    const d = aDiagnosis({
      locations: [{ file: 'a.ts', line: 1, column: null }],
      evidence: { startLine: 1, endLine: 1, text: `a.ts:1 failed with ${token} and sekrit-value` },
    });
    const [a] = annotationsFor(aDeadLetterResult({ diagnosis: d }), ['sekrit-value']);
    expect(a?.message).toBe('a.ts:1 failed with *** and ***');
  });
});

describe("redRunAnnotations: the App's check run on a red CI run", () => {
  it("says each place's own message, read from the job's log", () => {
    const log = readFileSync(
      join(import.meta.dirname, '../../fixtures/logs/places/vitest-node-modules-frame.log'),
      'utf8',
    );
    const diagnosis = analyzeText(compileCatalogue(defaultPatterns()), log);
    const job = {
      name: 'test',
      url: 'u',
      failedSteps: ['test'],
      diagnosis,
      refused: null,
      capped: false,
      tests: [],
    };
    expect(redRunAnnotations([job]).map((a) => [a.path, a.start_line, a.message])).toEqual([
      ['src/version.js', 4, 'TypeError: Invalid Version: release-1.2'],
      ['test/version.spec.js', 14, 'TypeError: Invalid Version: release-1.2'],
      ['test/version.spec.js', 24, 'AssertionError: expected false to be true // Object.is equality'],
    ]);
  });
});
