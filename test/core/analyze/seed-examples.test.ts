import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/analyze/create-analyzer.js';
import { compileCatalogue } from '../../../src/core/patterns/compile-catalogue.js';
import { defaultPatterns } from '../../../src/core/patterns/default-catalogue.js';

const catalogue = compileCatalogue(defaultPatterns());

// The four worked examples of the seed's pattern-matching section, as a person would paste them.
describe('the seed examples', () => {
  it.each([
    [
      "/app/src/index.js\n  1:7  error  'foo' is defined but never used  no-unused-vars",
      'lint-error',
      'auto_fix',
    ],
    [
      "error TS2322: Type 'string' is not assignable to type 'number'.\nsrc/utils.ts:15:3",
      'type-error',
      'context_expand',
    ],
    [
      "Cannot find module 'lodash' or its corresponding type declarations",
      'import-not-found',
      'dependency_check',
    ],
    ["EACCES: permission denied, open '/etc/hosts'", 'permission-error', 'escalate'],
  ])('%s → %s', (log, pattern, strategy) => {
    const d = analyzeText(catalogue, log);
    expect(d.pattern).toBe(pattern);
    expect(d.strategy).toBe(strategy);
    expect(d.confidence).toBeGreaterThanOrEqual(0.3);
  });

  it('falls back to analyze_then_fix with category unknown when nothing matches', () => {
    const d = analyzeText(catalogue, 'all good\nDone in 3.2s\n');
    expect(d).toMatchObject({
      pattern: null,
      category: 'unknown',
      confidence: 0,
      strategy: 'analyze_then_fix',
    });
  });
});
