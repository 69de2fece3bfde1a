import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advanceStage,
  approveGate,
  block,
  ControllerError,
  createControllerState,
  decideNextAction,
  getNextState,
  recordFailure,
  recordSkip,
  requireGates,
  resume,
  returnToFailedStage,
  startRetry,
  STAGES,
  type ControllerState,
} from '../../../src/core/controller/index.js';
import { GATES } from '../../../src/core/vocabulary.js';

const T = '2024-01-17T10:30:00Z';
type Op = (s: ControllerState) => ControllerState;
const passed = { build: 'passed', tests: 'passed', lint: 'passed', approval: 'passed' } as const;

const opArb: fc.Arbitrary<{ name: string; op: Op }> = fc.oneof(
  fc
    .constantFrom('A', 'B', 'C')
    .map((e) => ({ name: 'fail', op: (s: ControllerState) => recordFailure(s, { error: e, at: T }) })),
  fc.constant({ name: 'retry', op: (s: ControllerState) => startRetry(s, T) }),
  fc.constant({ name: 'return', op: (s: ControllerState) => returnToFailedStage(s, T) }),
  fc.constant({
    name: 'advance',
    op: (s: ControllerState) => {
      const next = getNextState(s.state, { prMerged: true });
      if (!next) throw new ControllerError('illegal_transition', 'done');
      return advanceStage(s, next, passed, T);
    },
  }),
  fc.constant({ name: 'block', op: (s: ControllerState) => block(s, 'manual', T) }),
  fc.constantFrom(...GATES).map((g) => ({
    name: 'gate',
    op: (s: ControllerState) => approveGate(requireGates(s, [g], T), g, 'x', T),
  })),
  fc.constantFrom(...STAGES).map((stage) => ({
    name: 'skip',
    op: (s: ControllerState) => recordSkip(s, { stage, item: 'lint', reason: 'n/a', at: T }),
  })),
  fc
    .constantFrom(...STAGES)
    .map((to) => ({ name: 'resume', op: (s: ControllerState) => resume(s, { at: T, to }) })),
);

describe('BLOCKED', () => {
  it('is only left through an explicit resume', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
        let s = createControllerState({ systemId: 's', systemName: 'S', at: T });
        for (const { name, op } of ops) {
          const before = s;
          try {
            s = op(s);
          } catch (e) {
            expect(e).toBeInstanceOf(ControllerError);
          }
          if (before.state === 'BLOCKED' && name !== 'resume') expect(s.state).toBe('BLOCKED');
          if (s.state === 'BLOCKED') expect(decideNextAction(s).action).toBe('WAIT_FOR_HUMAN');
          expect(s.failures.total).toBeLessThanOrEqual(s.failures.maxTotal);
        }
      }),
    );
  });
});
