import type { Check } from '../../../src/core/config/schema.js';
import type { Diagnosis } from '../../../src/core/diagnosis.js';
import type { ProjectFacts } from '../../../src/core/strategies/project-facts.js';

export function diagnosis(over: Partial<Diagnosis> & { text?: string } = {}): Diagnosis {
  const { text, ...rest } = over;
  return {
    pattern: 'lint-error',
    category: 'lint',
    confidence: 0.8,
    strategy: 'auto_fix',
    retryable: true,
    locations: [],
    signature: 'lint-error:js:abc',
    evidence: text === undefined ? null : { startLine: 1, endLine: 1, text },
    alternatives: [],
    ...rest,
  };
}

export function check(over: Partial<Check> = {}): Check {
  return { name: 'lint', type: 'lint', command: 'npx eslint .', timeout: 600, ...over };
}

export function project(over: Partial<ProjectFacts> = {}): ProjectFacts {
  return { packageManager: 'npm', scripts: {}, ecosystems: ['node'], ...over };
}
