import { IllegalEventError } from './illegal-event-error.js';
import { LoopEventSchema, type LoopEvent, type LoopEventInput, type LoopEventType } from './loop-event.js';
import { isTerminal, type LoopState, type Phase } from './loop-state.js';
import {
  onAnalyzed,
  onEvaluated,
  onExecuted,
  onFixed,
  onFixFailed,
  onGenerated,
  onRetargeted,
  onValidated,
} from './phase-transitions.js';

/** Events that only one phase accepts. The rest (see ANY_PHASE) are accepted by every non-terminal phase. */
const PHASE_EVENTS: Partial<Record<Phase, readonly LoopEventType[]>> = {
  GENERATE: ['generated'],
  VALIDATE: ['validated'],
  EXECUTE: ['executed'],
  EVALUATE: ['evaluated'],
  ANALYZE: ['analyzed'],
  FIX: ['fixed', 'fix_failed', 'retargeted'],
};
const ANY_PHASE: readonly LoopEventType[] = [
  'escalated',
  'dead_lettered',
  'user_aborted',
  'security_violation',
  'resumed',
];

/** The events `state` accepts; empty for a terminal state. */
function acceptedEvents(state: Pick<LoopState, 'phase'>): LoopEventType[] {
  if (isTerminal(state)) return [];
  return [...(PHASE_EVENTS[state.phase] ?? []), ...ANY_PHASE];
}

function acceptsEvent(state: Pick<LoopState, 'phase'>, event: Pick<LoopEventInput, 'type'>): boolean {
  return acceptedEvents(state).includes(event.type);
}

/**
 * The loop machine: a pure reducer. It never mutates `state` and never reads a clock.
 *
 * An event the current phase cannot take throws `IllegalEventError` (a driver bug: the driver must follow
 * `nextAction`). Terminal states (SUCCESS, ESCALATE, DEAD_LETTER) take no event at all; check
 * `acceptsEvent` or `isTerminal` first when a delivery may be a duplicate.
 */
export function reduce(state: LoopState, input: LoopEventInput): LoopState {
  const event = LoopEventSchema.parse(input);
  if (isTerminal(state)) {
    throw new IllegalEventError(
      'terminal',
      state.phase,
      event.type,
      `the loop already ended (${state.status})`,
    );
  }
  if (!acceptsEvent(state, event)) {
    const expected = acceptedEvents(state).join(' | ');
    throw new IllegalEventError('wrong_phase', state.phase, event.type, `expected one of ${expected}`);
  }
  return { ...apply(state, event), updated_at: event.at };
}

function apply(state: LoopState, event: LoopEvent): LoopState {
  switch (event.type) {
    case 'generated':
      return onGenerated(state, event);
    case 'validated':
      return onValidated(state, event);
    case 'executed':
      return onExecuted(state, event);
    case 'evaluated':
      return onEvaluated(state, event);
    case 'analyzed':
      return onAnalyzed(state, event);
    case 'fixed':
      return onFixed(state, event);
    case 'fix_failed':
      return onFixFailed(state, event);
    case 'retargeted':
      return onRetargeted(state, event);
    case 'escalated':
      return escalate(state, event.reason, event.at);
    case 'security_violation':
      return escalate(
        state,
        `Security violation detected: ${event.detail}. Security issues require human review.`,
        event.at,
      );
    case 'dead_lettered':
      return deadLetter(state, event.reason, event.detail, event.at);
    case 'user_aborted':
      return deadLetter(
        state,
        'unrecoverable_error',
        `Aborted by ${event.by ?? 'the user'}: respect the decision to halt.`,
        event.at,
      );
    case 'resumed':
      return { ...state, resumed_at: [...state.resumed_at, event.at] };
  }
}

function escalate(state: LoopState, reason: string, at: string): LoopState {
  return { ...state, phase: 'ESCALATE', status: 'escalated', escalation_reason: reason, finished_at: at };
}

function deadLetter(
  state: LoopState,
  reason: 'retry_budget_exhausted' | 'unrecoverable_error',
  detail: string,
  at: string,
): LoopState {
  return {
    ...state,
    phase: 'DEAD_LETTER',
    status: 'failed',
    dead_letter: { reason, detail },
    finished_at: at,
  };
}
