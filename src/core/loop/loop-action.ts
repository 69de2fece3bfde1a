import type { Pattern } from '../patterns/pattern.js';
import type { Strategy } from '../vocabulary.js';
import type { DeadLetterReason, LoopStatus } from './loop-state.js';
import type { RetryPolicy } from './retry-policy.js';

/** What `nextAction` needs besides the state: the pattern catalogue and the retry policy. */
export type LoopContext = {
  lookupPattern: (id: string) => Pattern | undefined;
  policy: RetryPolicy;
};

type StepKind = 'generate' | 'validate' | 'execute' | 'evaluate' | 'analyze' | 'fix';

/** What the driver should do next. Each step is answered by the event of the same name. */
export type LoopAction =
  | { kind: StepKind; strategy?: Strategy; delay_ms?: number; reason: string }
  | { kind: 'escalate'; reason: string }
  | { kind: 'dead_letter'; reason: DeadLetterReason; detail: string }
  | { kind: 'done'; status: LoopStatus };
