/** A controller operation that the current state does not allow (a driver bug, or a refused transition). */
export class ControllerError extends Error {
  override readonly name = 'ControllerError';
  constructor(
    readonly code: 'blocked' | 'illegal_transition' | 'unknown_state' | 'checks_missing' | 'empty_reason',
    message: string,
  ) {
    super(message);
  }
}
