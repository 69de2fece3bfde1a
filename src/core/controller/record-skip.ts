import { ControllerError } from './controller-error.js';
import type { ControllerState, Stage } from './controller-state.js';

/** The seed's `skip <item> --reason "…"`: recorded with its reason; a skip without a reason is refused. */
export function recordSkip(
  state: ControllerState,
  skip: { stage: Stage; item: string; reason: string; at: string },
): ControllerState {
  if (skip.reason.trim() === '')
    throw new ControllerError(
      'empty_reason',
      `skipping ${skip.item} needs a reason: skip ${skip.item} --reason "…"`,
    );
  if (skip.item === 'approval')
    throw new ControllerError('illegal_transition', 'approval cannot be skipped: gates are non-negotiable');
  return {
    ...state,
    skipped: [...state.skipped, { ...skip, reason: skip.reason.trim() }],
    updatedAt: skip.at,
  };
}
