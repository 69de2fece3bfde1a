import { allowed, quoteLines, textCounts, unmatched, weakened } from './weakening-lines.js';
import { loosenedCheckViolations } from './detect-loosened-checks.js';
import { matchesAny } from './match-glob.js';
import type { DiffLine } from './parse-diff-lines.js';
import type { FileChange, WeakeningPolicy } from './weakening-policy.js';
import { COUNTING_RULES, TEST_PATHS, type CountingRuleId } from './weakening-rules.js';
import type { Violation } from './validation-result.js';

/**
 * A test's declaration in the usual runners (vitest/jest/mocha, pytest/unittest, go test, cargo, JUnit,
 * RSpec).
 */
const TEST_DECLARATION =
  /^\s*(?:(?:it|test|specify)\s*(?:\.\w+\s*)?\(|(?:async\s+)?def\s+test\w*\s*\(|func\s+(?:Test|Benchmark|Fuzz)\w*\s*\(|#\[(?:\w+::)?test\]|@(?:Test|ParameterizedTest)\b|it\s+['"])/;
/** A line that checks a result or states the expected one. */
const ASSERTION =
  /\bexpect\s*\(|\bassert\w*\b|\bt\.(?:Error|Errorf|Fatal|Fatalf|Fail|FailNow)\b|\b(?:want|expected|expect)\w*["']?\s*(?::=|=(?!=)|:)|\.should\b|\bshould\.|\brequire\.\w+\s*\(|\bto(?:Be|Equal|StrictEqual|Match|Throw|Contain|Have)\w*\s*\(/;

type Picked = { file: FileChange; lines: DiffLine[] };

/** Lines matching `regex` in the test files where `rule` applies, on one side of the change. */
function pick(
  files: readonly FileChange[],
  policy: WeakeningPolicy,
  rule: CountingRuleId,
  side: 'added' | 'removed',
  regex: RegExp,
): Picked[] {
  return files
    .filter((file) => matchesAny(TEST_PATHS, file.path) && !allowed(policy, rule, file.path))
    .map((file) => ({ file, lines: file[side].filter(({ text }) => regex.test(text)) }));
}

/**
 * Lines the change removes and does not add back anywhere (a moved or renamed test is not a removed
 * one), against those it adds new; `net` > 0 means fewer than before.
 */
function balance(files: readonly FileChange[], policy: WeakeningPolicy, rule: CountingRuleId, regex: RegExp) {
  const removed = pick(files, policy, rule, 'removed', regex);
  const added = pick(files, policy, rule, 'added', regex);
  const addedBack = textCounts(added.flatMap((p) => p.lines));
  const removedBefore = textCounts(removed.flatMap((p) => p.lines));
  const gone = removed.map((p) => ({ file: p.file, lines: unmatched(p.lines, addedBack) }));
  const fresh = added.map((p) => ({ file: p.file, lines: unmatched(p.lines, removedBefore) }));
  const count = (list: Picked[]) => list.reduce((sum, p) => sum + p.lines.length, 0);
  return {
    gone: gone.filter((p) => p.lines.length > 0),
    fresh: fresh.filter((p) => p.lines.length > 0),
    net: count(gone) - count(fresh),
  };
}

function testViolations(files: readonly FileChange[], policy: WeakeningPolicy): Violation[] {
  const out: Violation[] = [];
  const on = (rule: CountingRuleId) => policy.countingRules.has(rule);
  const tests = balance(files, policy, 'tests-removed', TEST_DECLARATION);
  if (on('tests-removed') && tests.net > 0) {
    for (const { file, lines } of tests.gone) {
      const does =
        file.status === 'deleted'
          ? `deletes a test file with ${lines.length} test(s)`
          : COUNTING_RULES['tests-removed'];
      out.push(weakened(file.path, 'tests-removed', does, quoteLines(lines, 'removed')));
    }
  }
  // A deleted test file is already refused above; its assertions go with it.
  const reported = new Set(out.map((v) => v.path));
  const kept = files.filter((f) => !(f.status === 'deleted' && reported.has(f.path)));
  const asserts = balance(kept, policy, 'assertions-removed', ASSERTION);
  if (on('assertions-removed') && asserts.net > 0) {
    for (const { file, lines } of asserts.gone)
      out.push(
        weakened(
          file.path,
          'assertions-removed',
          COUNTING_RULES['assertions-removed'],
          quoteLines(lines, 'removed'),
        ),
      );
  } else if (on('expected-values-changed') && policy.freezeExpectedValues && asserts.gone.length > 0) {
    const expected = balance(kept, policy, 'expected-values-changed', ASSERTION);
    for (const { file, lines } of expected.gone) {
      const now = expected.fresh.find((p) => p.file.path === file.path)?.lines ?? [];
      const detail = `${quoteLines(lines, 'removed')}${now.length > 0 ? ` → ${quoteLines(now, 'added')}` : ''}`;
      out.push(
        weakened(file.path, 'expected-values-changed', COUNTING_RULES['expected-values-changed'], detail),
      );
    }
  }
  return out;
}

/** The gate's rules that count or compare lines rather than match one. */
export function countingViolations(files: readonly FileChange[], policy: WeakeningPolicy): Violation[] {
  return [...testViolations(files, policy), ...loosenedCheckViolations(files, policy)];
}
