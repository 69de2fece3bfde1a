import type { Category } from '../vocabulary.js';
import type { CheckSummary } from './verification-report.js';
import type { CheckFact } from './verify-facts.js';

export type CheckFamily = Extract<Category, 'test' | 'lint' | 'type' | 'build' | 'format'>;

/**
 * Which criteria are about automated checks, and which check runs speak for them: a criterion whose
 * text matches `mentioned` is judged by the check runs whose names match `checkName`.
 */
const CHECK_FAMILIES: ReadonlyArray<{ family: CheckFamily; mentioned: RegExp; checkName: RegExp }> = [
  {
    family: 'test',
    mentioned:
      /\b(?:tests?|testing|tested|test suite|unit[- ]tests?|e2e|coverage|vitest|jest|pytest|mocha)\b/i,
    checkName: /test|spec|vitest|jest|pytest|mocha|e2e|coverage/i,
  },
  {
    family: 'lint',
    mentioned: /\b(?:lint|lints|linted|linting|linter|eslint|ruff|clippy|golangci(?:-lint)?|stylelint)\b/i,
    checkName: /lint|ruff|clippy/i,
  },
  {
    family: 'type',
    mentioned:
      /\b(?:type[- ]?check(?:s|ed|ing)?|types? (?:check|checks|pass|errors?)|types|typings?|tsc|mypy|pyright)\b/i,
    checkName: /tsc|type|mypy|pyright/i,
  },
  {
    family: 'build',
    mentioned: /\b(?:build|builds|built|compiles?|compiled|compilation|bundles?)\b/i,
    checkName: /build|compile|bundle/i,
  },
  {
    family: 'format',
    mentioned: /\b(?:formatted|formatting|formatter|prettier|gofmt|rustfmt|format check)\b/i,
    checkName: /format|prettier|fmt/i,
  },
];

export type CheckOutcome = 'passed' | 'failed' | 'pending' | 'skipped';

/**
 * Not yet completed → pending; success → passed; skipped or neutral → skipped; any other conclusion → failed.
 */
export function outcomeOf(check: CheckFact): CheckOutcome {
  if (check.status !== 'completed') return 'pending';
  if (check.conclusion === 'success') return 'passed';
  if (check.conclusion === 'skipped' || check.conclusion === 'neutral') return 'skipped';
  return 'failed';
}

/** The families a criterion's text is about, in CHECK_FAMILIES order. */
export function familiesIn(text: string): CheckFamily[] {
  return CHECK_FAMILIES.filter((f) => f.mentioned.test(text)).map((f) => f.family);
}

/** The runs that speak for `family`. */
export function runsFor(family: CheckFamily, runs: readonly CheckFact[]): CheckFact[] {
  const pattern = CHECK_FAMILIES.find((f) => f.family === family)?.checkName;
  return pattern === undefined ? [] : runs.filter((r) => pattern.test(r.name));
}

/**
 * The check runs sorted by name, one per name (the first listed: GitHub lists the latest first), the
 * report's own check (`selfCheck`) left out: judging it would make the report depend on itself.
 */
export function summarizeChecks(checks: readonly CheckFact[], selfCheck = 'closed-loop'): CheckSummary {
  const byName = new Map<string, CheckFact>();
  for (const check of checks)
    if (check.name !== selfCheck && !byName.has(check.name)) byName.set(check.name, check);
  const runs = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const named = (outcome: CheckOutcome) => runs.filter((r) => outcomeOf(r) === outcome).map((r) => r.name);
  return {
    passed: named('passed'),
    failed: named('failed'),
    pending: named('pending'),
    skipped: named('skipped'),
    none: runs.length === 0,
    runs,
  };
}
