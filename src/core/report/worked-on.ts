import type { LoopState } from '../loop/loop-state.js';
import type { Strategy } from '../vocabulary.js';

/** A fix's change that the safety check (VALIDATE's gates) refused and rolled back. */
export interface RefusedChange {
  /** The strategy whose change it was. */
  strategy: Strategy | null;
  /** Each gate's objection: the gate (`secrets`, `weakened_checks`, …), why, and the file. */
  violations: readonly { type: string; message: string; file?: string | undefined }[];
}

/** What the loop was working on when it stopped: a check, its error, and a change refused on the way. */
export interface WorkedOn {
  /** The failing check the loop was fixing (a refused change's check is the one its fix was for). */
  check: string | null;
  /** That check's error, as its attempt recorded it. */
  error: string | null;
  /** The change the loop refused last, when it stopped right after refusing it; else null. */
  refused: RefusedChange | null;
}

/**
 * What the loop was working on when it stopped. A change refused at validation is not a failing check:
 * the check it was meant to fix still is, and its error, not the gate's objection, is what failed.
 */
export function workedOn(state: LoopState): WorkedOn {
  const last = state.iterations.at(-1);
  const refused =
    last?.validation && !last.validation.passed
      ? {
          strategy: state.attempts[state.iterations.length - 2]?.strategy_used ?? null,
          violations: last.validation.violations,
        }
      : null;
  // iterations[i] ↔ attempts[i]; a check's failure came from an evaluation (or a retarget to it).
  let i = state.iterations.length - 1;
  while (i >= 0 && state.iterations[i]?.failure?.source !== 'evaluation') i--;
  const failure = state.iterations[i]?.failure ?? null;
  return {
    check: failure?.check ?? [...state.iterations].reverse().find((it) => it.failure)?.failure?.check ?? null,
    error: failure === null ? null : (state.attempts[i]?.error ?? null),
    refused,
  };
}
