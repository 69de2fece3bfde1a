import { formatLogLine, type LogLineInput } from './format-log-line.js';
import { isTerminal, type LoopState } from './loop-state.js';

/**
 * Milliseconds between two ISO timestamps (0 when either does not parse). Parsing is pure: no clock is read.
 */
export function elapsedMs(from: string, to: string): number {
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

/** The lines to print for the step `prev → next` (what `reduce` just did); the driver prints them. */
export function logLinesFor(prev: LoopState, next: LoopState): string[] {
  return logInputsFor(prev, next).map(formatLogLine);
}

export function logInputsFor(prev: LoopState, next: LoopState): LogLineInput[] {
  const task_id = next.task.id;
  const out: LogLineInput[] = [];
  const i = next.iterations.length - 1;
  const before = prev.iterations[i];
  const after = next.iterations[i];
  const attempt = next.attempts[i];
  if (after?.validation && !before?.validation) {
    const { passed, gates, violations } = after.validation;
    out.push({ kind: 'validation', task_id, passed, gates: gates.length, violations: violations.length });
  }
  if (after?.regression && !before?.regression) {
    out.push({
      kind: 'regression',
      task_id,
      status: after.regression.status,
      complexity: next.task.complexity,
    });
  }
  if (isTerminal(prev) || !attempt) return [...out, ...terminalLines(prev, next)];
  const base = {
    kind: 'attempt' as const,
    task_id,
    attempt: attempt.attempt,
    pattern: attempt.pattern_matched,
    strategy: attempt.strategy_used,
  };
  if (next.phase === 'SUCCESS') out.push({ ...base, result: 'success' });
  else if (prev.phase === 'FIX' && next.phase === 'GENERATE') out.push({ ...base, result: 'failed' });
  else if (isTerminal(next) && after?.failure) out.push({ ...base, result: 'failed' });
  return [...out, ...terminalLines(prev, next)];
}

function terminalLines(prev: LoopState, next: LoopState): LogLineInput[] {
  if (isTerminal(prev) || !isTerminal(next) || next.status === 'running') return [];
  const task_id = next.task.id;
  const status: LogLineInput[] = [
    {
      kind: 'status',
      task_id,
      status: next.status,
      total_attempts: next.attempts.length,
      duration_ms: elapsedMs(next.started_at, next.finished_at ?? next.updated_at),
    },
  ];
  return next.dead_letter
    ? [{ kind: 'dead_letter', task_id, reason: next.dead_letter.reason }, ...status]
    : status;
}
