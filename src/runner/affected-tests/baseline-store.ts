import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  baselineFileName,
  parseBaselineFile,
  renderBaselineFile,
  type Baseline,
} from '../../core/regression/baseline-file.js';

/** Writes baseline-{task_id}.md into `dir` (the run's .closed-loop/ folder); returns its path. */
export function writeBaseline(dir: string, baseline: Baseline): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, baselineFileName(baseline.task_id));
  const text = renderBaselineFile(
    baseline.task_id,
    baseline.target_files,
    baseline.dependent_files,
    baseline.baseline_results,
    baseline.captured_at,
  );
  writeFileSync(path, text);
  return path;
}

/** Reads a task's baseline back from `dir`; null when there is none or it is not a baseline. */
export function readBaseline(dir: string, taskId: string): Baseline | null {
  try {
    return parseBaselineFile(readFileSync(join(dir, baselineFileName(taskId)), 'utf8'));
  } catch {
    return null;
  }
}
