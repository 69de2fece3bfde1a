import { analyzeText } from '../../core/analyze/create-analyzer.js';
import type { Diagnosis } from '../../core/diagnosis.js';
import { hasMechanicalFix, refineDiagnosis } from '../../core/strategies/mechanical-fix.js';
import type { CheckRun } from '../checks/run-checks.js';
import type { RunContext } from './run-context.js';

/** What picking a target needs to know of a run (a dry run knows this much too). */
export type TargetFacts = Pick<RunContext, 'checks' | 'catalogue' | 'project' | 'worked'>;

/** A failing check's diagnosis, refined with its check's fix_command and the fixer its output names. */
export function diagnosisOf(ctx: TargetFacts, run: CheckRun): Diagnosis {
  const check = ctx.checks.find((c) => c.name === run.name) ?? null;
  const diagnosis = run.diagnosis ?? analyzeText(ctx.catalogue, run.excerpt);
  return refineDiagnosis({ check, diagnosis, output: run.excerpt }, ctx.project);
}

const key = (run: CheckRun, d: Diagnosis): string => `${run.name}\u0000${d.signature}`;

function mechanical(ctx: TargetFacts, run: CheckRun): boolean {
  const diagnosis = diagnosisOf(ctx, run);
  if (ctx.worked?.has(key(run, diagnosis))) return false;
  const patternStrategy =
    diagnosis.pattern === null ? undefined : ctx.catalogue.byId.get(diagnosis.pattern)?.pattern.strategy;
  const check = ctx.checks.find((c) => c.name === run.name) ?? null;
  return hasMechanicalFix({ check, diagnosis, output: run.excerpt, patternStrategy }, ctx.project);
}

/**
 * The failing checks in the order the loop works on them: those with a mechanical fix not yet tried on
 * this very failure (in check order), then the others (in check order). Mechanical fixes first: a
 * formatting drift is fixed and committed even when a type error beside it needs a person.
 */
export function workOrder(ctx: TargetFacts, runs: readonly CheckRun[]): CheckRun[] {
  const failing = runs.filter((r) => !r.passed);
  const first = failing.filter((r) => mechanical(ctx, r));
  return [...first, ...failing.filter((r) => !first.includes(r))];
}

/** The failing check the loop works on next (the first of workOrder). */
export function pickTarget(ctx: TargetFacts, runs: readonly CheckRun[]): CheckRun | undefined {
  return workOrder(ctx, runs)[0];
}

/**
 * Another failing check with a mechanical fix still to try, when the current one needs more than that
 * (an agent, a person): the loop turns to it first.
 */
export function nextMechanical(ctx: RunContext): CheckRun | undefined {
  return ctx.lastRuns.find((r) => !r.passed && r.name !== ctx.target && mechanical(ctx, r));
}

/** Remembers that a mechanical fix was tried on this failure, so that it is not picked for one again. */
export function markWorked(ctx: RunContext, run: CheckRun, d: Diagnosis): void {
  (ctx.worked ??= new Set()).add(key(run, d));
}
