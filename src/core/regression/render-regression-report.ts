import type { Regression } from './file-test-result.js';

/** The heading the analyzer's `regression-detected` pattern recognises. */
const REGRESSION_HEADING = '## Regression Detected';

/**
 * The seed's regression report, which becomes the failing `regression_check`'s output. Its lines
 * carry the `regression-detected` signals ("## Regression Detected", "dependent files have new test
 * failures", "was passing, now failing"), so keep the wording exact — "1 dependent files" included.
 */
export function renderRegressionReport(regressions: readonly Regression[]): string {
  const lines = [
    REGRESSION_HEADING,
    '',
    `${regressions.length} dependent files have new test failures after your changes:`,
    '',
    '| File | Baseline | Current | New Failures |',
    '|------|----------|---------|--------------|',
    ...regressions.map(
      (r) =>
        `| ${cell(r.file)} | ${r.baseline_pass}/${r.baseline_total} pass | ${r.current_pass}/${r.current_total} pass | ${r.new_failures} |`,
    ),
    '',
    '### Affected Tests',
    '',
  ];
  for (const r of regressions) {
    lines.push(`**${r.file}:**`);
    for (const name of r.newly_failing)
      lines.push(`- \`${name.replaceAll('`', "'")}\` - was passing, now failing`);
    const unnamed = r.new_failures - r.newly_failing.length;
    if (unnamed > 0)
      lines.push(`- ${unnamed} more failing ${unnamed === 1 ? 'test' : 'tests'} than at baseline`);
    lines.push('');
  }
  lines.push(
    '### Suggested Investigation',
    '',
    '1. Read the dependent file to understand its usage of modified code',
    '2. Check if API contract changed (function signature, return type)',
    '3. Update dependent code or add backwards compatibility',
  );
  return `${lines.join('\n')}\n`;
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}
