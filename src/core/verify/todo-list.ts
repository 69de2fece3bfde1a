import { clipLine } from '../report/truncate-text.js';
import type { CheckSummary, JudgedCriterion, VerifyError } from './verification-report.js';

/**
 * What the producer must do, in order, each item complete on its own (the seed's "fix every issue
 * without asking"): missing criteria first, then each criterion that is not yet passing with exactly
 * what it lacks, then failed and still-running checks with where to look.
 */
export function todoList(
  criteria: readonly JudgedCriterion[],
  checks: CheckSummary,
  errors: readonly VerifyError[],
): string[] {
  const todo: string[] = errors.filter((e) => e.code === 'TaskSpecMissingCriteria').map((e) => e.resolution);
  for (const c of criteria.filter((c) => c.status !== 'pass')) {
    todo.push(`${c.id} (${c.status}) “${clipLine(c.text, 80)}”: ${c.missing ?? 'see its evidence'}.`);
  }
  for (const run of checks.runs) {
    const name = `\`${run.name.replace(/`/g, "'")}\``;
    const log = run.url ? `, log: ${run.url}` : '';
    if (checks.failed.includes(run.name))
      todo.push(`Fix what ${name} reports (${run.conclusion ?? 'failed'}${log}), then push.`);
    if (checks.pending.includes(run.name))
      todo.push(
        `Wait for ${name} to finish (${run.status.replace('_', ' ')}${log}), then run \`/close-loop verify\` again.`,
      );
  }
  return todo;
}
