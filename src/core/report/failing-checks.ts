import { strategiesTried } from '../loop/attempt-history.js';
import type { LoopState } from '../loop/loop-state.js';
import type { Strategy } from '../vocabulary.js';

/** One check that failed in the last evaluation, and what the loop did or would do about it. */
export interface FailingCheck {
  name: string;
  pattern: string | null;
  timed_out: boolean;
  /** The pattern's strategy: what the loop applies when it works on this check. */
  strategy: Strategy | null;
  /** What was done, or will be, in words. */
  done: string;
}

/**
 * Every check that failed in the last evaluation: the loop works on one failure at a time (the first
 * failing check), so the others are named too, with what happens to them, instead of vanishing.
 */
export function failingChecks(state: LoopState): FailingCheck[] {
  const last = [...state.iterations].reverse().find((i) => i.checks.length > 0);
  if (!last) return [];
  const focus = last.failure?.check ?? null;
  const ended = state.status !== 'running';
  return last.checks
    .filter((c) => !c.passed)
    .map((c) => {
      const pattern = c.pattern ?? null;
      const strategy = c.strategy ?? null;
      const tried = strategiesTried(state, pattern);
      let done: string;
      if (c.name === focus) {
        done =
          tried.length > 0
            ? `worked on: ${tried.join(', ')} tried`
            : ended
              ? 'worked on: no fix was applied'
              : `being worked on${strategy ? `: ${strategy} next` : ''}`;
      } else if (ended) {
        done = `not worked on: the loop stopped on ${focus ?? 'another failure'} first${strategy ? `; ${strategy} is its pattern's strategy` : ''}`;
      } else {
        done = `waiting: ${strategy ?? 'a fix'} once ${focus ?? 'the first failure'} is dealt with`;
      }
      return { name: c.name, pattern, timed_out: c.timed_out ?? false, strategy, done };
    });
}

/** `- lint: lint-error — not worked on: …`, one line per failing check. */
export function renderFailingChecks(checks: readonly FailingCheck[]): string[] {
  return checks.map(
    (c) => `- ${c.name}: ${c.pattern ?? 'no known pattern'}${c.timed_out ? ' (timed out)' : ''} — ${c.done}`,
  );
}
