import type { Complexity } from '../vocabulary.js';
import type { DeadLetterReason, RegressionStatus } from './loop-state.js';

/** One of the seed's five log lines, as data. */
export type LogLineInput =
  | {
      kind: 'attempt';
      task_id: string;
      attempt: number;
      pattern: string | null;
      strategy: string | null;
      result: 'success' | 'failed';
    }
  | {
      kind: 'status';
      task_id: string;
      status: 'success' | 'failed' | 'escalated';
      total_attempts: number;
      duration_ms: number;
    }
  | { kind: 'dead_letter'; task_id: string; reason: DeadLetterReason }
  | { kind: 'validation'; task_id: string; passed: boolean; gates: number; violations: number }
  | { kind: 'regression'; task_id: string; status: RegressionStatus; complexity: Complexity };

/** The seed's log lines, exactly. A missing pattern or strategy prints as `none`. */
export function formatLogLine(line: LogLineInput): string {
  const head = `[closed-loop] task=${line.task_id}`;
  switch (line.kind) {
    case 'attempt':
      return `${head} attempt=${line.attempt} pattern=${line.pattern ?? 'none'} strategy=${line.strategy ?? 'none'} result=${line.result}`;
    case 'status':
      return `${head} status=${line.status} total_attempts=${line.total_attempts} duration_ms=${line.duration_ms}`;
    case 'dead_letter':
      return `${head} dead_letter reason=${line.reason}`;
    case 'validation':
      return `${head} validation=${line.passed ? 'passed' : 'failed'} gates=${line.gates} violations=${line.violations}`;
    case 'regression':
      return `${head} regression_check=${line.status} complexity=${line.complexity}`;
  }
}
