import { describe, expect, it } from 'vitest';
import { createTestNameCollector } from '../../../src/core/pull-request/failed-test-names.js';

const collect = (lines: string[]): { names: string[]; full: boolean } => {
  const tests = createTestNameCollector();
  for (const line of lines) tests.push(line);
  return { names: tests.names(), full: tests.full() };
};

describe('the failing tests named in a log', () => {
  it("reads vitest's, jest's and TAP's shapes, keeping vitest's full name once", () => {
    const { names, full } = collect([
      '2026-11-27T10:00:01.0000000Z  \x1b[31m×\x1b[39m adds numbers 3ms',
      ' \x1b[41m FAIL \x1b[49m src/sum.test.ts > sum > adds numbers',
      '  ● cart › totals the items',
      'not ok 3 - tap test',
      ' ✓ passes 1ms',
    ]);
    expect(names).toEqual(['src/sum.test.ts > sum > adds numbers', 'cart › totals the items', 'tap test']);
    expect(full).toBe(false);
  });

  it('keeps 10 names and says it is full then: later lines change nothing', () => {
    const lines = Array.from({ length: 12 }, (_, i) => `not ok ${i + 1} - test ${i + 1}`);
    const tests = createTestNameCollector();
    for (const line of lines.slice(0, 9)) tests.push(line);
    expect(tests.full()).toBe(false);
    for (const line of lines.slice(9)) tests.push(line);
    expect(tests.full()).toBe(true);
    expect(tests.names()).toEqual(Array.from({ length: 10 }, (_, i) => `test ${i + 1}`));
  });
});
