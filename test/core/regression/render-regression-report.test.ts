import { describe, expect, it } from 'vitest';
import type { Regression } from '../../../src/core/regression/file-test-result.js';
import { renderRegressionReport } from '../../../src/core/regression/render-regression-report.js';

const helper: Regression = {
  file: 'src/utils/helper.ts',
  baseline_pass: 5,
  baseline_total: 5,
  current_pass: 3,
  current_total: 5,
  new_failures: 2,
  newly_failing: ['should parse valid input', 'should handle empty input'],
};
const client: Regression = {
  file: 'src/api/client.ts',
  baseline_pass: 8,
  baseline_total: 8,
  current_pass: 7,
  current_total: 8,
  new_failures: 1,
  newly_failing: [],
};

describe('renderRegressionReport', () => {
  it("renders the seed's example exactly", () => {
    expect(renderRegressionReport([helper, client])).toBe(`## Regression Detected

2 dependent files have new test failures after your changes:

| File | Baseline | Current | New Failures |
|------|----------|---------|--------------|
| src/utils/helper.ts | 5/5 pass | 3/5 pass | 2 |
| src/api/client.ts | 8/8 pass | 7/8 pass | 1 |

### Affected Tests

**src/utils/helper.ts:**
- \`should parse valid input\` - was passing, now failing
- \`should handle empty input\` - was passing, now failing

**src/api/client.ts:**
- 1 more failing test than at baseline

### Suggested Investigation

1. Read the dependent file to understand its usage of modified code
2. Check if API contract changed (function signature, return type)
3. Update dependent code or add backwards compatibility
`);
  });

  it.each([
    ['## Regression Detected'],
    ['dependent files have new test failures'],
    ['was passing, now failing'],
  ])('carries the regression-detected signal %j', (signal) => {
    expect(renderRegressionReport([{ ...helper, file: 'a|b.ts', newly_failing: ['uses `code`'] }])).toContain(
      signal,
    );
  });

  it('escapes pipes in file names and backticks in test names', () => {
    const text = renderRegressionReport([{ ...helper, file: 'a|b.ts', newly_failing: ['uses `code`'] }]);
    expect(text).toContain('| a\\|b.ts | 5/5 pass |');
    expect(text).toContain("- `uses 'code'` - was passing, now failing");
  });
});
