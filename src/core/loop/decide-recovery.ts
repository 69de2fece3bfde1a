import type { Diagnosis } from '../diagnosis.js';
import { UNIVERSAL_FALLBACKS, type Strategy } from '../vocabulary.js';
import { failureCount, patternRun, sameErrorRun, strategiesTried } from './attempt-history.js';
import type { LoopAction, LoopContext } from './loop-action.js';
import type { LoopState } from './loop-state.js';
import { backoffDelayMs } from './retry-policy.js';

/** The seed's reasons for errors that must never be retried automatically. */
const NON_RETRYABLE_REASONS: Record<string, string> = {
  'permission-error': 'Requires elevated privileges or file ownership change',
  'merge-conflict': 'Requires human decision on conflict resolution',
  'git-error': 'Git state issues can cause data loss if mishandled',
};

/**
 * The ANALYZE decision (seed steps 4–6) for the pending diagnosis, in this order:
 * 1. not retryable (pattern or diagnosis) → escalate;   2. strategy `escalate` → escalate;
 * 3. the same error again (same pattern, > 80% overlap with the previous attempt's error) and no untried
 *    strategy, or no budget left for one → escalate with the seed's reason (worked example 3);
 * 4. the same error more than `same_error_retries` times in a row → escalate;
 * 5. retry budget or `max_total_failures` used up → dead letter, retry_budget_exhausted (worked example 4);
 * 6. the first untried of [pattern.strategy, ...pattern.alternatives, ...UNIVERSAL_FALLBACKS] → fix;
 * 7. all tried but the error changed → fix with pattern.strategy again (seed step 6 "else"), unless it
 *    already failed to apply in this attempt → escalate.
 */
export function decideRecovery(state: LoopState, d: Diagnosis, ctx: LoopContext): LoopAction {
  const found = d.pattern === null ? undefined : ctx.lookupPattern(d.pattern);
  const label = d.pattern ?? 'unmatched';
  const catalogued = found?.strategy ?? d.strategy;
  // A driver that knows a fixer for this very failure (its check's fix_command, a fixer its output
  // names) says so with the diagnosis's strategy: that fix comes first, the pattern's own strategy next.
  const primary = d.strategy === 'auto_fix' && catalogued !== 'escalate' ? 'auto_fix' : catalogued;
  if (found?.retryable === false || !d.retryable) {
    const why = NON_RETRYABLE_REASONS[label] ?? (found?.suggestion || 'it cannot be fixed automatically');
    return { kind: 'escalate', reason: `${label} is not retryable: ${why.replace(/\.$/, '')}.` };
  }
  if (primary === 'escalate') {
    const hint = found?.suggestion ? ` ${found.suggestion}` : '';
    return { kind: 'escalate', reason: `${label} needs a person (pattern strategy: escalate).${hint}` };
  }
  const n = state.attempts.length;
  const tried = new Set(strategiesTried(state, d.pattern));
  // A mechanical fixer that made the error change (eslint fixed one package, the next one shows now) is
  // tried again on the new error before anything untried: it is per-file, the new error is its work too.
  const failedNow = state.fix_failures.some((f) => f.attempt === state.attempts.length);
  const again = primary === 'auto_fix' && tried.has('auto_fix') && sameErrorRun(state) === 1 && !failedNow;
  const options = unique([
    primary,
    catalogued,
    ...(found?.alternatives ?? []),
    ...UNIVERSAL_FALLBACKS,
  ]).filter((s) => s !== 'escalate' && (!tried.has(s) || (again && s === 'auto_fix')));
  // A task's own budget counts every attempt. A pattern's budget counts the attempts spent on that
  // pattern in a row: a different error resets the counter (the controller seed's retry limits), so
  // eslint --fix followed by prettier --write is two fixes, not one budget. max_total_failures caps all.
  const budget = state.task.max_retries ?? found?.max_auto_retries ?? ctx.policy.max_retries;
  const used = state.task.max_retries !== null ? n : patternRun(state);
  // The attempt that first found an error is not an automatic retry: max_auto_retries 1 allows one fix.
  const firstTry = state.task.max_retries === null && used === 1 && budget >= 1;
  const budgetLeft = (used < budget || firstTry) && failureCount(state) < ctx.policy.max_total_failures;
  const run = sameErrorRun(state);
  if (run >= 2 && (options.length === 0 || !budgetLeft)) {
    // Say what stopped the loop: the seed's words when the pattern lists nothing untried; when it does
    // (timeout → analyze_then_fix), that the budget ran out before them.
    const listed = options.filter((o) => o === primary || (found?.alternatives ?? []).includes(o));
    const why =
      listed.length === 0
        ? 'No alternate strategies available.'
        : `The retry budget is used up (${used} of ${budget} attempts${state.task.max_retries !== null ? '' : ` on ${label}`}), so ${options.join(', ')} ${options.length === 1 ? 'was' : 'were'} not tried.`;
    return {
      kind: 'escalate',
      reason: `${sameErrorStory(state.attempts.slice(n - run, n - 1), label, run, primary)} ${why}`,
    };
  }
  if (run > ctx.policy.same_error_retries) {
    return {
      kind: 'escalate',
      // run counts the first sighting: the error came back run - 1 times.
      reason: `Same ${label} error in ${run} attempts in a row: it came back ${run - 1 === 1 ? 'once' : `${run - 1} times`} (limit ${ctx.policy.same_error_retries} ${ctx.policy.same_error_retries === 1 ? 'retry' : 'retries'}).`,
    };
  }
  if (!budgetLeft) {
    const detail =
      used >= budget
        ? `${used} of ${budget} attempts used${state.task.max_retries !== null ? '' : ` on ${label}`}; last pattern ${label}`
        : `${failureCount(state)} failures reached max_total_failures (${ctx.policy.max_total_failures})`;
    return { kind: 'dead_letter', reason: 'retry_budget_exhausted', detail };
  }
  const failedHere = state.fix_failures.filter((f) => f.attempt === n).map((f) => f.strategy);
  const strategy = options[0] ?? (failedHere.includes(primary) ? undefined : primary);
  if (strategy === undefined) {
    return {
      kind: 'escalate',
      reason: `Strategy ${primary} failed to apply for ${label}. No alternate strategies available.`,
    };
  }
  return fixAction(strategy, label, n, tried.size > 0, ctx);
}

/**
 * How the same error kept failing, counting what ran: the seed's sentence ("Same build-error pattern
 * with analyze_then_fix strategy failed twice.") when one strategy ran once between the two failures;
 * else each strategy the run's attempts applied and how often — "with analyze_then_fix strategy failed 3
 * times" read as three runs of a strategy that ran once.
 */
function sameErrorStory(
  fixed: readonly { strategy_used: Strategy | null }[],
  label: string,
  run: number,
  primary: Strategy,
): string {
  const ran = new Map<Strategy, number>();
  for (const a of fixed)
    if (a.strategy_used !== null) ran.set(a.strategy_used, (ran.get(a.strategy_used) ?? 0) + 1);
  const [only] = ran.keys();
  if (run === 2 && ran.size <= 1)
    return `Same ${label} pattern with ${only ?? primary} strategy failed twice.`;
  const count = (k: number) => (k === 1 ? 'once' : k === 2 ? 'twice' : `${k} times`);
  const tried = [...ran].map(([strategy, k]) => `${strategy} (${count(k)})`).join(', ');
  return `Same ${label} pattern failed ${count(run)} in a row${tried === '' ? '' : `, after ${tried}`}.`;
}

function fixAction(
  strategy: Strategy,
  label: string,
  n: number,
  alternate: boolean,
  ctx: LoopContext,
): LoopAction {
  const reason = `${label}: ${alternate ? 'alternate strategy' : 'pattern strategy'} ${strategy} after attempt ${n}`;
  if (strategy === 'retry_with_backoff')
    return { kind: 'fix', strategy, delay_ms: backoffDelayMs(ctx.policy, n), reason };
  return { kind: 'fix', strategy, reason };
}

function unique(list: Strategy[]): Strategy[] {
  return [...new Set(list)];
}
