import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateGates } from '../../../src/core/gates/evaluate-gates.js';
import {
  emptyGateState,
  parseGateState,
  recordApproval,
  recordSkip,
  withdrawApproval,
  MAX_GATE_RECORDS,
  type GateState,
} from '../../../src/core/gates/gate-state.js';
import type { RequiredGate } from '../../../src/core/gates/required-gates.js';
import { GATES } from '../../../src/core/vocabulary.js';
import { HEAD, OLD_HEAD, approval, gatesWith, skip } from './gate-builders.js';

const FP = '1'.repeat(64);
const CHANGED = '2'.repeat(64);
const need = (gate: RequiredGate['gate'], fingerprint = FP): RequiredGate => ({
  gate,
  files: ['x'],
  more: 0,
  fingerprint,
});
const evaluate = (required: RequiredGate[], state: GateState, gatesConfig = gatesWith()) =>
  evaluateGates(required, state, { headSha: HEAD, gatesConfig });

describe('evaluateGates', () => {
  it('leaves a gate nobody approved pending', () => {
    expect(evaluate([need('security')], emptyGateState())).toEqual([
      { gate: 'security', status: 'pending', files: ['x'], more: 0 },
    ]);
  });

  it("counts an approval whose fingerprint is the gate's current one, even from an earlier head", () => {
    const state = recordApproval(emptyGateState(), approval('security', FP));
    expect(evaluate([need('security')], state)[0]).toMatchObject({
      status: 'approved',
      by: 'alice',
      via: 'command',
      onHead: false,
    });
  });

  it("reports an approval as stale once the gate's files changed", () => {
    const state = recordApproval(emptyGateState(), approval('security', FP));
    const [gate] = evaluate([need('security', CHANGED)], state);
    expect(gate).toMatchObject({
      status: 'pending',
      stale: { kind: 'approval', by: 'alice', approvedAt: OLD_HEAD, at: '2026-03-01T10:00:00Z' },
    });
  });

  it('keeps an approval through pushes when the gate sets invalidate_on_push: false', () => {
    const state = recordApproval(emptyGateState(), approval('deploy', FP));
    const gates = gatesWith({ deploy: { invalidate_on_push: false } });
    expect(evaluate([need('deploy', CHANGED)], state, gates)[0]).toMatchObject({
      status: 'approved',
      by: 'alice',
      keptThroughPush: true,
    });
    expect(evaluate([need('deploy')], state, gates)[0]).not.toHaveProperty('keptThroughPush');
  });

  it('never lets an approval of one gate count for another', () => {
    const state = recordApproval(emptyGateState(), approval('security', FP));
    expect(evaluate([need('database')], state)[0]?.status).toBe('pending');
  });

  it("counts a skip, with its reason, until the gate's files change", () => {
    const state = recordSkip(emptyGateState(), skip('deploy', FP, { head_sha: HEAD }));
    expect(evaluate([need('deploy')], state)[0]).toMatchObject({
      status: 'skipped',
      by: 'carol',
      reason: expect.stringContaining('docs-only'),
      onHead: true,
    });
    expect(evaluate([need('deploy', CHANGED)], state)[0]).toMatchObject({
      status: 'pending',
      stale: { kind: 'skip', by: 'carol' },
    });
  });

  it('prefers a valid approval over a skip, and a withdrawn approval leaves the skip', () => {
    let state = recordSkip(emptyGateState(), skip('deploy', FP));
    state = recordApproval(state, approval('deploy', FP));
    expect(evaluate([need('deploy')], state)[0]?.status).toBe('approved');
    state = withdrawApproval(state, 'deploy');
    expect(evaluate([need('deploy')], state)[0]?.status).toBe('skipped');
  });

  it('uses the newest record when state read back holds several for a gate', () => {
    const state: GateState = {
      version: 1,
      skips: [],
      approvals: [
        approval('security', FP, { by: 'late', at: '2026-03-02T00:00:00.5Z' }),
        approval('security', CHANGED, { by: 'early', at: '2026-03-01T00:00:00Z' }),
      ],
    };
    expect(evaluate([need('security')], state)[0]).toMatchObject({ status: 'approved', by: 'late' });
  });

  it('never reports approved or skipped for a gate whose fingerprint changed when invalidate_on_push is true', () => {
    const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);
    const record = fc.record({
      gate: fc.constantFrom(...GATES),
      fingerprint: hex64,
      kind: fc.constantFrom('approval', 'skip'),
    });
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 8 }),
        fc.constantFrom(...GATES),
        hex64,
        (records, gate, current) => {
          let state = emptyGateState();
          for (const r of records)
            state =
              r.kind === 'approval'
                ? recordApproval(state, approval(r.gate, r.fingerprint))
                : recordSkip(state, skip(r.gate, r.fingerprint));
          const [result] = evaluate([need(gate, current)], state);
          const matching = records.some((r) => r.gate === gate && r.fingerprint === current);
          if (!matching) expect(result?.status).toBe('pending');
        },
      ),
    );
  });
});

describe('gate state', () => {
  it('keeps one approval and one skip per gate, the newest', () => {
    let state = recordApproval(emptyGateState(), approval('security', FP, { by: 'alice' }));
    state = recordApproval(state, approval('security', CHANGED, { by: 'bob', via: 'label' }));
    state = recordSkip(recordSkip(state, skip('deploy', FP)), skip('deploy', FP, { reason: 'second' }));
    expect(state.approvals).toEqual([approval('security', CHANGED, { by: 'bob', via: 'label' })]);
    expect(state.skips.map((s) => s.reason)).toEqual(['second']);
  });

  it('the same approval or skip again (a redelivery) keeps the first record and its time', () => {
    const first = recordSkip(recordApproval(emptyGateState(), approval('security', FP)), skip('deploy', FP));
    const again = recordSkip(
      recordApproval(first, approval('security', FP, { at: '2026-03-02T10:00:00Z' })),
      skip('deploy', FP, { at: '2026-03-02T11:00:00Z' }),
    );
    expect(again).toBe(first);
    const byAnother = recordApproval(
      first,
      approval('security', FP, { by: 'bob', at: '2026-03-02T10:00:00Z' }),
    );
    expect(byAnother.approvals).toEqual([
      approval('security', FP, { by: 'bob', at: '2026-03-02T10:00:00Z' }),
    ]);
  });

  it.each([
    ['an empty reason', () => recordSkip(emptyGateState(), skip('deploy', FP, { reason: '   ' }))],
    ['a short fingerprint', () => recordApproval(emptyGateState(), approval('deploy', 'abc'))],
    ['a bot login', () => recordApproval(emptyGateState(), approval('deploy', FP, { by: 'renovate[bot]' }))],
  ])('refuses to record %s', (_what, record) => {
    expect(record).toThrow();
  });

  it.each([
    [
      'a valid state',
      { version: 1, approvals: [approval('security', FP)], skips: [skip('deploy', FP)] },
      true,
    ],
    ['another version', { version: 2, approvals: [], skips: [] }, false],
    [
      'an unknown gate',
      { version: 1, approvals: [approval('security', FP, { gate: 'pr' as never })], skips: [] },
      false,
    ],
    ['an extra key', { version: 1, approvals: [], skips: [], admin: true }, false],
    [
      'too many records',
      {
        version: 1,
        approvals: Array.from({ length: MAX_GATE_RECORDS + 1 }, () => approval('security', FP)),
        skips: [],
      },
      false,
    ],
    [
      'an overlong reason',
      { version: 1, approvals: [], skips: [skip('deploy', FP, { reason: 'x'.repeat(501) })] },
      false,
    ],
    ['not an object', 'approved', false],
  ])('reads back %s from a comment: %s', (_what, value, valid) => {
    expect(parseGateState(value) !== null).toBe(valid);
  });
});
