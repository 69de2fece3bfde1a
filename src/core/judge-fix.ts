/** One check's outcome, as far as judging a fix needs it. */
export interface CheckOutcome {
  name: string;
  passed: boolean;
  pattern: string | null;
  /** How many errors the analyzer located. */
  errors: number;
  /** The files those errors are in (repository paths). */
  files?: readonly string[];
}

export type FixVerdict = { keep: true; why: string } | { keep: false; why: string };

/**
 * Whether a fix made progress and is worth keeping as a commit. Worse — a check that passed now fails —
 * or no better — the same checks fail with the same pattern and as many errors — is rolled back, so a
 * guess that only trades one error for another never lands on the branch. Moving on to a different
 * failure (eslint fixed, prettier next) or fewer errors is progress. With several failing checks, the
 * target is the check the fix was made for.
 */
export function judgeFix(
  before: readonly CheckOutcome[],
  after: readonly CheckOutcome[],
  /** The check the fix was for (default: the first failing one): its progress is what counts. */
  target?: string,
  /**
   * The files a per-file fixer (a formatter, eslint --fix) changed: when its target's errors in them
   * are gone, errors left in other files (a task runner that stopped early printed them only now) do
   * not make the fix worthless.
   */
  touched?: readonly string[],
): FixVerdict {
  const broke = after.filter((a) => !a.passed && before.find((b) => b.name === a.name)?.passed);
  if (broke.length > 0) return { keep: false, why: `it made ${broke.map((b) => b.name).join(', ')} fail` };
  const failing = (list: readonly CheckOutcome[]) => list.filter((c) => !c.passed);
  const [was, now] = [failing(before), failing(after)];
  if (now.length < was.length)
    return { keep: true, why: `${was.length - now.length} fewer failing check(s)` };
  const first = (target === undefined ? undefined : after.find((c) => c.name === target)) ?? now[0];
  if (first?.passed) return { keep: true, why: `${first.name} passes now` };
  const previous = was.find((b) => b.name === first?.name);
  if (!first || !previous) return { keep: true, why: 'a different check fails now' };
  if (first.pattern !== previous.pattern)
    return {
      keep: true,
      why: `${first.name} moved on from ${previous.pattern ?? 'an unknown failure'} to ${first.pattern ?? 'an unknown failure'}`,
    };
  if (first.errors < previous.errors)
    return { keep: true, why: `${previous.errors - first.errors} fewer error(s) in ${first.name}` };
  const inTouched = (c: CheckOutcome) => (c.files ?? []).filter((f) => touched?.includes(f));
  if (touched && inTouched(previous).length > 0 && inTouched(first).length === 0)
    return {
      keep: true,
      why: `${first.name}'s errors in ${inTouched(previous).join(', ')} are gone; it still fails elsewhere`,
    };
  return {
    keep: false,
    why: `no progress: ${first.name} still fails with ${first.pattern ?? 'the same unknown failure'}`,
  };
}
