import type { ChangedFileStatus } from './change-facts.js';
import type { DiffLine } from './parse-diff-lines.js';
import { COUNTING_RULES, LINE_RULES, type CountingRuleId, type LineRule } from './weakening-rules.js';

/** One file of a generated change, line by line, as the weakened_checks gate reads it. */
export interface FileChange {
  path: string;
  status: ChangedFileStatus;
  added: DiffLine[];
  removed: DiffLine[];
}

/** Paths where some rules do not apply (`rules: ['*']` is every rule). */
interface RuleAllowance {
  rules: readonly string[];
  paths: readonly string[];
}

/** What the weakened_checks gate refuses, in this repository, for this change. */
export interface WeakeningPolicy {
  lineRules: readonly LineRule[];
  countingRules: ReadonlySet<CountingRuleId>;
  allow: readonly RuleAllowance[];
  /**
   * The failure being fixed came from a test check: a test's expected values must not move to meet the code.
   */
  freezeExpectedValues: boolean;
  /** The configured checks, to know which scripts and files their commands run. */
  checks: readonly { name: string; command: string }[];
}

/** Every built-in rule id (line rules and counting rules), for the config's validation. */
export const BUILT_IN_RULE_IDS: readonly string[] = [
  ...LINE_RULES.map((r) => r.id),
  ...Object.keys(COUNTING_RULES),
];

export interface WeakeningSettings {
  enabled: boolean;
  expected_values: 'refuse' | 'allow';
  disable: readonly string[];
  allow: readonly RuleAllowance[];
  add: readonly LineRule[];
}

/** The policy from the config's settings and what the loop is fixing; null when the gate is off. */
export function weakeningPolicy(
  settings: WeakeningSettings,
  facts: { checks: readonly { name: string; command: string }[]; testCheckFailing: boolean },
): WeakeningPolicy | null {
  if (!settings.enabled) return null;
  const off = new Set(settings.disable);
  return {
    lineRules: [...LINE_RULES, ...settings.add].filter((rule) => !off.has(rule.id)),
    countingRules: new Set((Object.keys(COUNTING_RULES) as CountingRuleId[]).filter((id) => !off.has(id))),
    allow: settings.allow,
    freezeExpectedValues: settings.expected_values === 'refuse' && facts.testCheckFailing,
    checks: facts.checks,
  };
}
