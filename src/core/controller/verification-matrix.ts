import type { Check, ControllerState, ControllerStateName } from './controller-state.js';

/**
 * The seed's verification matrix (its two tables merged). Transitions not listed:
 * INIT → SCAFFOLD needs nothing (nothing exists to build yet); VERIFY → IMPLEMENT (next capability)
 * needs what VERIFY → VALIDATE needs; SHIP → COMPLETE needs build + tests (the hard rule for any
 * stage transition); SHIP → SHIP (waiting for the merge) and the recovery moves (→ FAILED, FAILED →
 * RETRY, RETRY → stage, → BLOCKED, resume) are not stage progress and need nothing.
 */
const MATRIX: Record<string, readonly Check[]> = {
  'INIT→SCAFFOLD': [],
  'SCAFFOLD→IMPLEMENT': ['build'],
  'IMPLEMENT→TEST': ['build'],
  'TEST→VERIFY': ['build', 'tests'],
  'VERIFY→VALIDATE': ['build', 'tests', 'lint'],
  'VERIFY→IMPLEMENT': ['build', 'tests', 'lint'],
  'VALIDATE→DOCUMENT': ['build', 'tests'],
  'DOCUMENT→REVIEW': ['build', 'tests'],
  'REVIEW→SHIP': ['build', 'tests', 'approval'],
  'SHIP→COMPLETE': ['build', 'tests'],
};

export function requiredChecks(from: ControllerStateName, to: ControllerStateName): readonly Check[] {
  return MATRIX[`${from}→${to}`] ?? [];
}

export function isForwardTransition(from: ControllerStateName, to: ControllerStateName): boolean {
  return `${from}→${to}` in MATRIX;
}

export type CheckResults = Partial<Record<Check, 'passed' | 'failed'>>;
export type TransitionVerdict =
  | { allowed: true; required: readonly Check[]; skipped: Check[] }
  | { allowed: false; required: readonly Check[]; failed: Check[]; missing: Check[]; reason: string };

/**
 * Whether `loopState` may move to `to`: every required check passed, or did not run and was skipped with a
 * recorded reason for this stage. A failed check is never overridden by a skip, and `approval` cannot be
 * skipped (gates are non-negotiable).
 */
export function canTransition(
  loopState: ControllerState,
  to: ControllerStateName,
  results: CheckResults,
): TransitionVerdict {
  const required = requiredChecks(loopState.state, to);
  const skippedHere = new Set(
    loopState.skipped.filter((s) => s.stage === loopState.state).map((s) => s.item),
  );
  const failed = required.filter((c) => results[c] === 'failed');
  const notRun = required.filter((c) => results[c] === undefined);
  const skipped = notRun.filter((c) => c !== 'approval' && skippedHere.has(c));
  const missing = notRun.filter((c) => !skipped.includes(c));
  if (failed.length === 0 && missing.length === 0) return { allowed: true, required, skipped };
  const parts = [
    ...(failed.length ? [`failed: ${failed.join(', ')}`] : []),
    ...(missing.length ? [`did not run: ${missing.join(', ')}`] : []),
  ];
  return {
    allowed: false,
    required,
    failed,
    missing,
    reason: `${loopState.state} → ${to} refused (${parts.join('; ')})`,
  };
}
