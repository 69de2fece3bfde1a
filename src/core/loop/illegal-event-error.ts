import type { Phase } from './loop-state.js';

export type IllegalEventCode = 'wrong_phase' | 'terminal' | 'inconsistent' | 'identical_retry';

/**
 * Thrown by `reduce` when the driver sends an event the current phase cannot take. It is a bug in the
 * driver, not a user's mistake: the message says what was expected so the report can be filed as is.
 */
export class IllegalEventError extends Error {
  override readonly name = 'IllegalEventError';
  constructor(
    readonly code: IllegalEventCode,
    readonly phase: Phase,
    readonly eventType: string,
    detail: string,
  ) {
    super(`closed-loop bug: event '${eventType}' is illegal in phase ${phase} (${code}): ${detail}`);
  }
}
