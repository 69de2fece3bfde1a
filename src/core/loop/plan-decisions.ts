import type { Diagnosis } from '../diagnosis.js';
import type { Complexity, Strategy, TaskType } from '../vocabulary.js';
import { createLoopState } from './create-loop-state.js';
import type { LoopAction, LoopContext } from './loop-action.js';
import type { LoopEventInput } from './loop-event.js';
import type { LoopState } from './loop-state.js';
import { nextAction } from './next-action.js';
import { reduce } from './reduce.js';

/** A failing check of a dry run's one evaluation, as the loop would analyze it. */
export interface PlanFailure {
  check: string;
  output: string;
  duration_ms: number;
  diagnosis: Diagnosis;
}

/** What a run would do about one failing check. */
export interface PlanDecision {
  kind: LoopAction['kind'];
  /** The strategy of a fix; with fixing off, the one that would have been next. */
  strategy: Strategy | null;
  reason: string;
  /** Why a run stops at this step although it is a fix (no agent for an agent's strategy); else absent. */
  stops?: string;
}

/** The run's settings a decision depends on. */
export interface PlanSettings {
  task_type: TaskType;
  complexity: Complexity;
  max_retries: number | null;
  /** false with --no-fix: a run stops where a fix would be next. */
  fix: boolean;
  /** How the driver names fixing being off (CLI_WORDS.noFix), as a run's escalation says it. */
  noFix: string;
  /** Whether an agent is configured, for the agent's strategies. */
  agent: boolean;
  at: string;
}

/**
 * What the pure loop decides about each failing check of one evaluation, in the order given (a run's
 * work order). A run takes them one after the other: each decision is made on the loop as it would be
 * once the fixes before it were made, each at its first try (the best case), so the retry budget
 * --max-retries sets is spent as a run spends it. Once a run would stop (an escalation, a dead letter,
 * fixing off), a later failure's decision is the one a run would make were it the first (after a person
 * dealt with the one it stopped at).
 */
export function planDecisions(
  failures: readonly PlanFailure[],
  settings: PlanSettings,
  ctx: LoopContext,
): PlanDecision[] {
  const fresh = (): LoopState =>
    createLoopState({
      task_id: 'dry-run',
      task_type: settings.task_type,
      complexity: settings.complexity,
      description: 'dry run',
      max_retries: settings.max_retries,
      at: settings.at,
    });
  let state: LoopState | null = fresh();
  return failures.map((failure) => {
    const reached = state !== null;
    const analyzed = evaluate(state ?? fresh(), failure, settings.at);
    const decision = decide(nextAction(analyzed, ctx), settings);
    const goesOn = reached && decision.kind === 'fix' && decision.stops === undefined;
    state = goesOn ? reduce(analyzed, fixed(decision.strategy ?? 'analyze_then_fix', settings.at)) : null;
    return decision;
  });
}

/** What a run does at the end of a dry run's evaluation that found nothing failing. */
export const DONE: PlanDecision = { kind: 'done', strategy: null, reason: '' };

function evaluate(state: LoopState, failure: PlanFailure, at: string): LoopState {
  const events: LoopEventInput[] = [
    { type: 'generated', at, files: [], description: 'the working tree as it is' },
    { type: 'validated', at, passed: true, violations: [], gates: [] },
    { type: 'executed', at, files_modified: [], duration_ms: 0 },
    {
      type: 'evaluated',
      at,
      passed: false,
      checks: [{ name: failure.check, passed: false, duration_ms: failure.duration_ms }],
      failure: { check: failure.check, output: failure.output },
    },
    { type: 'analyzed', at, diagnosis: failure.diagnosis },
  ];
  return events.reduce(reduce, state);
}

const fixed = (strategy: Strategy, at: string): LoopEventInput => ({
  type: 'fixed',
  at,
  strategy,
  fix_applied: 'the planned fix',
  files_modified: [],
  duration_ms: 0,
});

function decide(action: LoopAction, settings: PlanSettings): PlanDecision {
  const strategy = 'strategy' in action ? (action.strategy ?? null) : null;
  const reason = 'reason' in action ? String(action.reason) : '';
  // As the run does: with fixing off, it escalates where a fix would be next.
  if (action.kind === 'fix' && !settings.fix)
    return {
      kind: 'escalate',
      strategy,
      reason: `fixing is off (${settings.noFix}): ${strategy ?? 'a fix'} would be next`,
    };
  const needsAgent = strategy === 'context_expand' || strategy === 'analyze_then_fix';
  return {
    kind: action.kind,
    strategy,
    reason,
    ...(action.kind === 'fix' && needsAgent && !settings.agent
      ? { stops: 'no agent is configured, so a run escalates here with the context for a person' }
      : {}),
  };
}
