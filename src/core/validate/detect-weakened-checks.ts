import { matchesAny } from './match-glob.js';
import { countingViolations } from './count-weakened-tests.js';
import type { FileChange, WeakeningPolicy } from './weakening-policy.js';
import type { LineRule } from './weakening-rules.js';
import type { Violation } from './validation-result.js';
import { allowed, quoteLines, textCounts, unmatched, weakened } from './weakening-lines.js';

function lineRuleViolations(
  rule: LineRule,
  files: readonly FileChange[],
  policy: WeakeningPolicy,
): Violation[] {
  const sides = [
    ['added', rule.added],
    ['removed', rule.removed],
  ] as const;
  return sides.flatMap(([side, regex]) => {
    if (regex === undefined) return [];
    // A matching line that the change also moves the other way (anywhere) is moved, not new.
    const other = textCounts(files.flatMap((f) => (side === 'added' ? f.removed : f.added)));
    return files.flatMap((file) => {
      if (
        (rule.paths.length > 0 && !matchesAny(rule.paths, file.path)) ||
        allowed(policy, rule.id, file.path)
      )
        return [];
      const hits = unmatched(
        file[side].filter(({ text }) => regex.test(text)),
        other,
      );
      return hits.length === 0 ? [] : [weakened(file.path, rule.id, rule.does, quoteLines(hits, side))];
    });
  });
}

/**
 * The weakened_checks gate: what in a generated change makes a check pass without fixing its cause
 * (tests skipped or removed, assertions dropped or their expected values moved to meet the code,
 * warnings suppressed, checks loosened), judged on the lines the change adds and removes.
 */
export function detectWeakenedChecks(files: readonly FileChange[], policy: WeakeningPolicy): Violation[] {
  return [
    ...policy.lineRules.flatMap((rule) => lineRuleViolations(rule, files, policy)),
    ...countingViolations(files, policy),
  ];
}
