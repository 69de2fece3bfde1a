import type { Complexity, TaskType } from '../vocabulary.js';
import type { LoopState } from './loop-state.js';

export type NewTask = {
  task_id: string;
  task_type: TaskType;
  complexity: Complexity;
  description: string;
  files?: string[];
  max_retries?: number | null;
  /** ISO time the loop starts. */
  at: string;
};

/** A fresh loop, waiting to GENERATE its first attempt. */
export function createLoopState(task: NewTask): LoopState {
  return {
    version: 1,
    task: {
      id: task.task_id,
      type: task.task_type,
      complexity: task.complexity,
      description: task.description,
      files: task.files ?? [],
      max_retries: task.max_retries ?? null,
    },
    phase: 'GENERATE',
    status: 'running',
    attempts: [],
    iterations: [],
    pending_diagnosis: null,
    fix_failures: [],
    escalation_reason: null,
    dead_letter: null,
    resumed_at: [],
    started_at: task.at,
    updated_at: task.at,
    finished_at: null,
  };
}
