import type { Criterion } from '../../../src/core/verify/extract-criteria.js';
import type { CheckFact, VerifyFacts } from '../../../src/core/verify/verify-facts.js';

export const HEAD = '9f8e7d6c5b4a39281706f5e4d3c2b1a098765432';
export const SHA7 = '9f8e7d6';

export function aCheck(
  name: string,
  conclusion: string | null = 'success',
  overrides: Partial<CheckFact> = {},
): CheckFact {
  return {
    name,
    status: conclusion === null ? 'in_progress' : 'completed',
    conclusion,
    url: `https://github.com/acme/shop/runs/${name.replace(/[^a-z0-9]+/gi, '-')}`,
    ...overrides,
  };
}

/** Facts of a healthy PR: green checks, nothing missing, no gate, the loop succeeded. */
export function aFacts(overrides: Partial<VerifyFacts> = {}): VerifyFacts {
  return {
    headSha: HEAD,
    taskSpec: null,
    checks: [aCheck('lint'), aCheck('test'), aCheck('typecheck'), aCheck('build')],
    changedFiles: [],
    artifacts: [],
    gates: [],
    loop: { status: 'success' },
    ...overrides,
  };
}

export function aCriterion(text: string, overrides: Partial<Criterion> = {}): Criterion {
  return { id: 'AC-1', text, source: 'pr-body', checked: true, line: 3, ...overrides };
}

/** A PR body with an Acceptance criteria checklist of `items` (`[x] text` or `[ ] text`). */
export function aBody(...items: string[]): string {
  return [
    '## Summary',
    '',
    'Adds the users endpoint.',
    '',
    '## Acceptance criteria',
    '',
    ...items.map((i) => `- ${i}`),
    '',
  ].join('\n');
}
