import { MAX_TASK_ID_LENGTH } from './limits.js';

const TASK_ID = /^[A-Za-z0-9_][\w.-]*$/;

/**
 * Why `id` may not be a task id, or null when it may: task ids name report and log files, so they hold
 * letters, digits, `.`, `_` and `-` only, do not start with `.` or `-`, and stay short.
 */
export function taskIdProblem(id: string): string | null {
  if (id.length > MAX_TASK_ID_LENGTH)
    return `is ${id.length} characters long; at most ${MAX_TASK_ID_LENGTH} are allowed`;
  if (!TASK_ID.test(id) || id.includes('..'))
    return 'may hold only letters, digits, `.`, `_` and `-` (no `/`, no `..`), and must start with a letter, digit or `_`';
  return null;
}

/** A task id made from free text (a branch name): unsafe runs of characters become `-`, cut to the cap. */
export function toTaskId(text: string): string {
  const id = text
    .replace(/[^\w.-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[.-]+/, '')
    .slice(0, MAX_TASK_ID_LENGTH);
  return id === '' ? 'task' : id;
}
