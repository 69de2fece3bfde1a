import type { Diagnosis } from '../../../src/core/diagnosis.js';
import {
  createLoopState,
  DEFAULT_RETRY_POLICY,
  logLinesFor,
  nextAction,
  reduce,
  type LoopAction,
  type LoopContext,
  type LoopEventInput,
  type LoopState,
  type RetryPolicy,
} from '../../../src/core/loop/index.js';
import { PatternSchema, type Pattern, type PatternInput } from '../../../src/core/patterns/pattern.js';

/** ISO time `s` seconds after the seed's first attempt timestamp. */
export const at = (s: number): string => new Date(Date.UTC(2026, 3, 4, 10, 15, 30) + s * 1000).toISOString();

export const pattern = (input: PatternInput): Pattern => PatternSchema.parse(input);

export const CATALOGUE: Pattern[] = [
  pattern({ id: 'lint-error', category: 'lint', signals: ['ESLint'], strategy: 'auto_fix' }),
  pattern({ id: 'type-error', category: 'type', signals: ['error TS'], strategy: 'context_expand' }),
  pattern({ id: 'build-error', category: 'build', signals: ['Build failed'], strategy: 'analyze_then_fix' }),
  pattern({
    id: 'import-not-found',
    category: 'dependency',
    signals: ['Cannot find module'],
    strategy: 'dependency_check',
    alternatives: ['auto_fix'],
  }),
  pattern({
    id: 'network-error',
    category: 'network',
    signals: ['ETIMEDOUT'],
    strategy: 'retry_with_backoff',
    max_auto_retries: 5,
  }),
  pattern({
    id: 'permission-error',
    category: 'permission',
    signals: ['EACCES'],
    strategy: 'escalate',
    retryable: false,
  }),
  pattern({
    id: 'merge-conflict',
    category: 'vcs',
    signals: ['CONFLICT'],
    strategy: 'analyze_then_fix',
    retryable: false,
  }),
];

export function contextFor(
  patterns: Pattern[] = CATALOGUE,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): LoopContext {
  const byId = new Map(patterns.map((p) => [p.id, p]));
  return { lookupPattern: (id) => byId.get(id), policy };
}

export function diagnosis(id: string | null, patterns: Pattern[] = CATALOGUE): Diagnosis {
  const p = patterns.find((x) => x.id === id);
  return {
    pattern: id,
    category: p?.category ?? 'unknown',
    confidence: p ? 0.6 : 0,
    strategy: p?.strategy ?? 'analyze_then_fix',
    retryable: p?.retryable ?? true,
    locations: [],
    signature: `${id ?? 'unknown'}:ts:abc123`,
    evidence: null,
    alternatives: [],
  };
}

export type Outcome =
  | { passed: true }
  | {
      passed: false;
      check: string;
      output: string;
      pattern: string | null;
      fixFails?: number;
      stage?: 'validate' | 'evaluate';
    };

export function newTask(
  task_id: string,
  max_retries: number | null = null,
  files: string[] = ['src/app.ts'],
): LoopState {
  return createLoopState({
    task_id,
    task_type: 'bug_fix',
    complexity: 'low',
    description: `Task ${task_id}`,
    files,
    max_retries,
    at: at(0),
  });
}

/** A scripted driver: follows `nextAction`, answers with events built from `outcomes`, collects log lines. */
export function drive(
  start: LoopState,
  outcomes: Outcome[],
  ctx: LoopContext = contextFor(),
  maxSteps = 500,
) {
  let state = start;
  let clock = 0;
  let fixFailuresLeft = 0;
  const actions: LoopAction[] = [];
  const lines: string[] = [];
  const outcome = (): Outcome =>
    outcomes[Math.min(state.attempts.length - 1, outcomes.length - 1)] ?? { passed: true };
  const send = (e: LoopEventInput) => {
    const next = reduce(state, e);
    lines.push(...logLinesFor(state, next));
    state = next;
  };
  for (let step = 0; step < maxSteps; step++) {
    const action = nextAction(state, ctx);
    actions.push(action);
    const t = at(++clock);
    const o = outcome();
    switch (action.kind) {
      case 'done':
        return { state, actions, lines };
      case 'generate':
        send({
          type: 'generated',
          at: t,
          files: state.task.files,
          description: `attempt ${state.attempts.length + 1}`,
        });
        break;
      case 'validate': {
        const fail = !o.passed && o.stage === 'validate';
        send({
          type: 'validated',
          at: t,
          passed: !fail,
          gates: ['syntax', 'forbidden-paths'],
          violations: fail ? [{ type: 'syntax', message: o.output }] : [],
        });
        break;
      }
      case 'execute':
        send({ type: 'executed', at: t, files_modified: state.task.files, duration_ms: 100 });
        break;
      case 'evaluate':
        send(
          o.passed
            ? {
                type: 'evaluated',
                at: t,
                passed: true,
                checks: [{ name: 'lint', passed: true, duration_ms: 50 }],
              }
            : {
                type: 'evaluated',
                at: t,
                passed: false,
                checks: [{ name: o.check, passed: false, duration_ms: 50 }],
                failure: { check: o.check, output: o.output },
              },
        );
        break;
      case 'analyze':
        if (o.passed) throw new Error('analyze after a pass');
        fixFailuresLeft = o.fixFails ?? 0;
        send({ type: 'analyzed', at: t, diagnosis: diagnosis(o.pattern, [...CATALOGUE]) });
        break;
      case 'fix':
        if (fixFailuresLeft > 0) {
          fixFailuresLeft--;
          send({
            type: 'fix_failed',
            at: t,
            strategy: action.strategy ?? 'analyze_then_fix',
            error: 'fixer crashed',
          });
        } else {
          send({
            type: 'fixed',
            at: t,
            strategy: action.strategy ?? 'analyze_then_fix',
            fix_applied: `applied ${action.strategy}`,
            files_modified: state.task.files,
            duration_ms: 10,
          });
        }
        break;
      case 'escalate':
        send({ type: 'escalated', at: t, reason: action.reason });
        break;
      case 'dead_letter':
        send({ type: 'dead_lettered', at: t, reason: action.reason, detail: action.detail });
        break;
    }
  }
  throw new Error('the loop did not terminate');
}
