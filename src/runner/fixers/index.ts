import type { Strategy } from '../../core/vocabulary.js';
import { makeOutcome, type StrategyOutcome } from '../../core/strategies/strategy-outcome.js';
import { analyzeThenFix, contextExpand } from './agent-strategies.js';
import { autoFix } from './auto-fix.js';
import { retryWithBackoff } from './backoff-wait.js';
import { dependencyCheck } from './dependency-check.js';
import type { StrategyInput } from './strategy-input.js';

export type { StrategyOutcome } from '../../core/strategies/strategy-outcome.js';
export type { StrategyInput } from './strategy-input.js';
export { backoffWait } from './backoff-wait.js';
export { gatherContext } from './gather-context.js';
/** Runs one fix strategy on the working tree and reports what it did; the driver validates and commits. */
export function runStrategy(strategy: Strategy, input: StrategyInput): Promise<StrategyOutcome> {
  switch (strategy) {
    case 'auto_fix':
      return autoFix(input);
    case 'dependency_check':
      return dependencyCheck(input);
    case 'retry_with_backoff':
      return retryWithBackoff(input);
    case 'context_expand':
      return contextExpand(input);
    case 'analyze_then_fix':
      return analyzeThenFix(input);
    case 'escalate':
      return Promise.resolve(
        makeOutcome({
          strategy,
          applied: false,
          action: 'handed to a person',
          escalate: {
            reason: `${input.diagnosis.pattern ?? 'this failure'} is not fixed automatically (its strategy is escalate)`,
          },
        }),
      );
  }
}
