import { z } from 'zod';
import { renderFrontMatter, splitFrontMatter } from '../report/front-matter.js';
import { FileTestResultSchema, type FileTestResult } from './file-test-result.js';

/**
 * The seed's regression baseline (session.current/baseline-{task_id}.md), captured on the first iteration.
 */
const BaselineSchema = z.object({
  task_id: z.string().min(1),
  target_files: z.array(z.string()),
  dependent_files: z.array(z.string()),
  baseline_results: z.array(FileTestResultSchema),
  captured_at: z.string().min(1),
});
export type Baseline = z.infer<typeof BaselineSchema>;

/** The file name the seed gives a task's baseline. */
export function baselineFileName(taskId: string): string {
  return `baseline-${taskId}.md`;
}

/**
 * The seed's baseline file: its front matter (entity_name … captured_at, each result one flow mapping
 * on its own line) and a readable table of the same results.
 */
export function renderBaselineFile(
  taskId: string,
  targetFiles: readonly string[],
  dependentFiles: readonly string[],
  results: readonly FileTestResult[],
  capturedAt: string,
): string {
  const head = renderFrontMatter([
    ['entity_name', `session.current.baseline.${taskId}`],
    ['namespace', 'session.current'],
    ['category', 'regression-baseline'],
    ['task_id', taskId],
    ['target_files', targetFiles],
    ['dependent_files', dependentFiles],
  ]).split('\n');
  const capturedLine = renderFrontMatter([['captured_at', capturedAt]]).split('\n')[1]!;
  const resultLines =
    results.length === 0
      ? ['baseline_results: []']
      : ['baseline_results:', ...results.map((r) => `  - ${JSON.stringify(r)}`)];
  const front = [...head.slice(0, -1), ...resultLines, capturedLine, '---'];
  const body = [
    '',
    `# Regression baseline for ${taskId}`,
    '',
    `${targetFiles.length} target and ${dependentFiles.length} dependent files, captured ${capturedAt}.`,
    '',
    '| File | Tests | Pass | Fail |',
    '|------|-------|------|------|',
    ...results.map(
      (r) => `| ${r.file.replaceAll('|', '\\|')} | ${r.test_count} | ${r.pass_count} | ${r.fail_count} |`,
    ),
  ];
  return `${[...front, ...body].join('\n')}\n`;
}

/** Reads a baseline file back; null when it is not one (no front matter, other category, bad fields). */
export function parseBaselineFile(markdown: string): Baseline | null {
  const split = splitFrontMatter(markdown);
  if (!split || split.data.category !== 'regression-baseline') return null;
  const data = {
    ...split.data,
    task_id: String(split.data.task_id ?? ''),
    captured_at: stringOf(split.data.captured_at),
  };
  const parsed = BaselineSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * YAML's core schema keeps timestamps as strings, but a number-like task id or date must not break the read.
 */
function stringOf(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value ?? '');
}
