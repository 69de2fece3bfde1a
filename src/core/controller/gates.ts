import { GATES, type Gate } from '../vocabulary.js';
import type { ControllerState, ControllerStateName } from './controller-state.js';

/** What changed in the stage, as the seed's checkGates reads it. */
export type StageChanges = {
  hasNewArchitecturalPatterns?: boolean;
  touchesSecurity?: boolean;
  hasSchemaChanges?: boolean;
  hasExternalAPIs?: boolean;
};

export type GateCheck =
  { blocked: true; gate: Gate; required: Gate[] } | { blocked: false; required: Gate[] };

/** The gates these changes need from `state`; deploy always from REVIEW (on the way to SHIP). */
export function gatesFor(state: ControllerStateName, changes: StageChanges): Gate[] {
  const required: Gate[] = [];
  if (changes.hasNewArchitecturalPatterns) required.push('architecture');
  if (changes.touchesSecurity) required.push('security');
  if (changes.hasSchemaChanges) required.push('database');
  if (changes.hasExternalAPIs) required.push('external');
  if (state === 'REVIEW') required.push('deploy');
  return required;
}

/** The seed's checkGates: blocked on the first required gate not approved. */
export function checkGates(loopState: ControllerState, changes: StageChanges): GateCheck {
  const required = gatesFor(loopState.state, changes);
  const gate = required.find((g) => loopState.gates[g]?.status !== 'approved');
  return gate ? { blocked: true, gate, required } : { blocked: false, required };
}

/** Records the gates as required (pending unless already approved). */
export function requireGates(state: ControllerState, gates: readonly Gate[], at: string): ControllerState {
  const next = { ...state.gates };
  for (const g of gates)
    next[g] = { ...next[g], required: true, status: next[g]?.status === 'approved' ? 'approved' : 'pending' };
  return { ...state, gates: next, updatedAt: at };
}

export function approveGate(
  state: ControllerState,
  gate: Gate,
  approvedBy: string,
  at: string,
): ControllerState {
  return {
    ...state,
    gates: {
      ...state.gates,
      [gate]: { required: state.gates[gate]?.required ?? false, status: 'approved', approvedBy },
    },
    updatedAt: at,
  };
}

/** The seed's getPendingGate: the first required gate (in the vocabulary's order) not yet approved. */
export function getPendingGate(state: ControllerState): { name: Gate; required: true } | null {
  const name = GATES.find((g) => state.gates[g]?.required === true && state.gates[g]?.status !== 'approved');
  return name ? { name, required: true } : null;
}
