import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../../src/core/analyze/create-analyzer.js';
import { effectiveCatalogue } from '../../../src/core/patterns/effective-catalogue.js';

const catalogue = effectiveCatalogue();
const gha = (steps: [string, string[], boolean][]): string =>
  steps
    .flatMap(([name, lines, failed]) => [
      `##[group]Run ${name}`,
      ...lines,
      '##[endgroup]',
      ...(failed ? ['##[error]Process completed with exit code 1.'] : []),
    ])
    .join('\n');

describe('the first real cause', () => {
  it('a missing module beats the test failures it causes, within one step', () => {
    const d = analyzeText(
      catalogue,
      [
        ' FAIL  test/a.test.ts [ test/a.test.ts ]',
        "Error: Cannot find module './b'",
        ' Test Files  1 failed (1)',
        '      Tests  no tests',
      ].join('\n'),
    );
    expect(d.pattern).toBe('import-not-found');
    expect(d.alternatives.map((a) => a.pattern)).toContain('test-failure');
  });

  it('the earliest failed step wins over later steps that fail because of it', () => {
    const log = gha([
      [
        'npm run typecheck',
        ["src/a.ts(1,7): error TS2322: Type 'string' is not assignable to type 'number'."],
        true,
      ],
      [
        'npm test',
        [' FAIL  test/a.test.ts > adds', 'AssertionError: expected 1 to be 2', ' Tests  1 failed (1)'],
        true,
      ],
    ]);
    expect(analyzeText(catalogue, log).pattern).toBe('type-error');
  });

  it('noise in a green step explains nothing when another step failed', () => {
    const log = gha([
      [
        'npm ci',
        ['npm warn fetch retrying after ECONNRESET (attempt 1 of 3)', 'added 312 packages in 9s'],
        false,
      ],
      [
        'npm run format:check',
        [
          '[warn] src/a.ts',
          '[warn] Code style issues found in the above file. Run Prettier with --write to fix.',
        ],
        true,
      ],
    ]);
    expect(analyzeText(catalogue, log).pattern).toBe('format-error');
  });

  it('ignores signals on lines that report passing checks', () => {
    const d = analyzeText(
      catalogue,
      [' ✓ handles ECONNREFUSED 2ms', 'ok 3 - rejects EACCES', '--- PASS: TestTimeout (0.00s)'].join('\n'),
    );
    expect(d.pattern).toBeNull();
  });

  it('finds a cause at the start of a long log, after thousands of lines', () => {
    const noise = Array.from({ length: 20_000 }, (_, i) => ` ✓ test/t${i}.test.ts > case ${i} 1ms`);
    const d = analyzeText(
      catalogue,
      ['npm error code ERESOLVE', 'npm error ERESOLVE could not resolve', ...noise].join('\n'),
    );
    expect(d).toMatchObject({ pattern: 'dependency-conflict', evidence: { startLine: 1 } });
  });

  it('reads through ANSI colours and GitHub timestamps', () => {
    const d = analyzeText(
      catalogue,
      '2026-11-22T04:01:02.1234567Z \x1b[31msrc/a.py:3: error: Incompatible return value type (got "str", expected "int")  [return-value]\x1b[39m',
    );
    expect(d).toMatchObject({
      pattern: 'type-error',
      locations: [{ file: 'src/a.py', line: 3, column: null }],
    });
  });
});
