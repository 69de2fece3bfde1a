import { describe, expect, it } from 'vitest';
import {
  advanceStage,
  approveGate,
  block,
  blockedMessageFor,
  canTransition,
  checkGates,
  ControllerError,
  ControllerStateSchema,
  createControllerState,
  decideNextAction,
  getNextState,
  recordFailure,
  recordSkip,
  renderBlockedMessage,
  requireGates,
  requiredChecks,
  resume,
  returnToFailedStage,
  startRetry,
  type ControllerState,
  type ControllerStateName,
} from '../../../src/core/controller/index.js';

const T = '2024-01-17T10:30:00Z';
const fresh = (): ControllerState =>
  createControllerState({ systemId: 'sys-002', systemName: 'Work Order Service', at: T });
const inState = (state: ControllerStateName, patch: Partial<ControllerState> = {}): ControllerState => ({
  ...fresh(),
  state,
  ...patch,
});
const all = { build: 'passed', tests: 'passed', lint: 'passed', approval: 'passed' } as const;

describe('verification matrix', () => {
  it.each([
    ['INIT', 'SCAFFOLD', []],
    ['SCAFFOLD', 'IMPLEMENT', ['build']],
    ['IMPLEMENT', 'TEST', ['build']],
    ['TEST', 'VERIFY', ['build', 'tests']],
    ['VERIFY', 'VALIDATE', ['build', 'tests', 'lint']],
    ['VERIFY', 'IMPLEMENT', ['build', 'tests', 'lint']],
    ['VALIDATE', 'DOCUMENT', ['build', 'tests']],
    ['DOCUMENT', 'REVIEW', ['build', 'tests']],
    ['REVIEW', 'SHIP', ['build', 'tests', 'approval']],
    ['SHIP', 'COMPLETE', ['build', 'tests']],
    ['FAILED', 'RETRY', []],
  ] as const)('%s → %s requires %j', (from, to, checks) => expect(requiredChecks(from, to)).toEqual(checks));

  it.each([
    ['all passed', 'VERIFY', 'VALIDATE', { build: 'passed', tests: 'passed', lint: 'passed' }, [], true],
    ['lint failed', 'VERIFY', 'VALIDATE', { build: 'passed', tests: 'passed', lint: 'failed' }, [], false],
    ['lint did not run', 'VERIFY', 'VALIDATE', { build: 'passed', tests: 'passed' }, [], false],
    [
      'lint skipped with a reason',
      'VERIFY',
      'VALIDATE',
      { build: 'passed', tests: 'passed' },
      ['lint'],
      true,
    ],
    [
      'a skip does not excuse a failure',
      'VERIFY',
      'VALIDATE',
      { build: 'passed', tests: 'passed', lint: 'failed' },
      ['lint'],
      false,
    ],
    ['approval cannot be skipped', 'REVIEW', 'SHIP', { build: 'passed', tests: 'passed' }, [], false],
  ] as const)('%s', (_name, from, to, results, skips, allowed) => {
    const state = inState(from, {
      skipped: skips.map((item) => ({ stage: from, item, reason: 'no linter configured', at: T })),
    });
    expect(canTransition(state, to, results).allowed).toBe(allowed);
  });

  it('says what is missing', () => {
    expect(canTransition(inState('TEST'), 'VERIFY', { build: 'failed' })).toMatchObject({
      allowed: false,
      failed: ['build'],
      missing: ['tests'],
      reason: 'TEST → VERIFY refused (failed: build; did not run: tests)',
    });
  });
});

describe('getNextState', () => {
  it.each([
    ['INIT', {}, 'SCAFFOLD'],
    ['VERIFY', { capabilities: { remaining: ['x'] } }, 'IMPLEMENT'],
    ['VERIFY', {}, 'VALIDATE'],
    ['SHIP', {}, 'SHIP'],
    ['SHIP', { prMerged: true }, 'COMPLETE'],
    ['COMPLETE', {}, null],
  ] as const)('%s %j → %s', (from, ctx, to) => expect(getNextState(from, ctx)).toBe(to));
  it('throws on a failure state', () =>
    expect(() => getNextState('FAILED')).toThrow('Unknown state: FAILED'));
});

describe('decideNextAction', () => {
  const failed = (count: number) =>
    inState('FAILED', { failures: { ...fresh().failures, count, lastFailedStage: 'VERIFY' } });
  const gated = requireGates(inState('FAILED', { blockedReason: null }), ['security'], T);
  it.each([
    [
      'BLOCKED',
      inState('BLOCKED', { blockedReason: 'Max retries exceeded' }),
      { action: 'WAIT_FOR_HUMAN', reason: 'Max retries exceeded' },
    ],
    [
      'gate before failure',
      { ...gated, failures: failed(1).failures },
      { action: 'WAIT_FOR_APPROVAL', gate: { name: 'security', required: true } },
    ],
    ['FAILED with retries left', failed(2), { action: 'RETRY', stage: 'VERIFY' }],
    ['FAILED at the limit', failed(3), { action: 'ESCALATE', reason: 'Max retries exceeded' }],
    [
      'RETRY',
      inState('RETRY', { failures: failed(1).failures }),
      { action: 'EXECUTE_SKILL', state: 'VERIFY', skill: 'debug-assist' },
    ],
    ['a stage', inState('TEST'), { action: 'EXECUTE_SKILL', state: 'VERIFY', skill: 'code-verification' }],
    ['COMPLETE', inState('COMPLETE'), { action: 'DONE' }],
  ] as const)('%s', (_name, state, expected) => expect(decideNextAction(state)).toEqual(expected));
});

describe('retry limits', () => {
  const fail = (s: ControllerState, error: string) => recordFailure(s, { error, at: T });
  const verify = () => inState('VERIFY');

  it('blocks the same error after 2 retries', () => {
    let s = fail(verify(), 'TS2322 in model');
    s = fail(returnToFailedStage(startRetry(s, T), T), 'TS2322 in model');
    expect(s.state).toBe('FAILED');
    s = fail(returnToFailedStage(startRetry(s, T), T), 'TS2322 in model');
    expect(s).toMatchObject({ state: 'BLOCKED', resumeState: 'VERIFY', failures: { sameErrorCount: 3 } });
  });

  it('resets the counter on a different error and blocks after 10 failures in total', () => {
    let s = verify();
    for (let i = 1; i <= 9; i++) {
      s = fail(s, `error ${i}`);
      expect(s.failures.count).toBe(1);
      expect(decideNextAction(s).action).toBe('RETRY');
      s = returnToFailedStage(startRetry(s, T), T);
    }
    s = fail(s, 'error 10');
    expect(s).toMatchObject({ state: 'BLOCKED', blockedReason: 'Total failures reached 10' });
  });

  it('catches a circular failure (A, B, A, B, A)', () => {
    let s = verify();
    for (const e of ['A', 'B', 'A', 'B']) s = returnToFailedStage(startRetry(fail(s, e), T), T);
    expect(fail(s, 'A').state).toBe('BLOCKED');
  });

  it('a completed stage ends the failure episode', () => {
    const s = advanceStage(returnToFailedStage(startRetry(fail(verify(), 'x'), T), T), 'VALIDATE', all, T);
    expect(s.failures).toMatchObject({ count: 0, sameErrorCount: 0, total: 1 });
    expect(s.failures.history[0]?.resolvedAt).toBe(T);
    expect(s.stages.VERIFY.status).toBe('complete');
  });

  it('refuses a transition whose checks did not pass', () => {
    expect(() => advanceStage(inState('TEST'), 'VERIFY', { build: 'passed' }, T)).toThrow(ControllerError);
  });
});

describe('gates, skips, blocked message', () => {
  it('requires deploy from REVIEW and clears once approved', () => {
    const s = inState('REVIEW');
    expect(checkGates(s, { touchesSecurity: true })).toEqual({
      blocked: true,
      gate: 'security',
      required: ['security', 'deploy'],
    });
    const approved = approveGate(
      approveGate(s, 'security', 'sec@example.com', T),
      'deploy',
      'rm@example.com',
      T,
    );
    expect(checkGates(approved, { touchesSecurity: true })).toEqual({
      blocked: false,
      required: ['security', 'deploy'],
    });
    expect(checkGates(inState('IMPLEMENT'), {})).toEqual({ blocked: false, required: [] });
  });

  it('records skips with a reason and refuses them without', () => {
    const s = recordSkip(inState('SCAFFOLD'), {
      stage: 'SCAFFOLD',
      item: 'git-workflow',
      reason: ' No git repo configured ',
      at: T,
    });
    expect(s.skipped).toEqual([
      { stage: 'SCAFFOLD', item: 'git-workflow', reason: 'No git repo configured', at: T },
    ]);
    expect(() => recordSkip(s, { stage: 'SCAFFOLD', item: 'lint', reason: '  ', at: T })).toThrow(
      /needs a reason/,
    );
  });

  it("renders the seed's BLOCKED message", () => {
    let s = inState('VERIFY');
    for (const e of ['TS2322 in WorkOrder', 'TS2322 in WorkOrder', 'TS2322 in WorkOrder']) {
      s = recordFailure(s, { error: e, at: T });
      if (s.state === 'FAILED') s = returnToFailedStage(startRetry(s, T), T);
    }
    expect(renderBlockedMessage(blockedMessageFor(s, 'Check the WorkOrder type definition.')))
      .toBe(`## 🚫 BLOCKED: Work Order Service

**Reason:** Same error failed 3 times in VERIFY (2 retries allowed): TS2322 in WorkOrder
**Last Failure:** VERIFY: TS2322 in WorkOrder
**Retry Attempts:** 3 / 3

**What was tried:**
1. VERIFY: TS2322 in WorkOrder
2. VERIFY: TS2322 in WorkOrder
3. VERIFY: TS2322 in WorkOrder

**Human action needed:**
Check the WorkOrder type definition.

**To resume:**
1. Resolve the issue
2. Update loop-state.json: set state to VERIFY
3. Run loop controller
`);
    const resumed = resume(s, { at: T });
    expect(resumed).toMatchObject({ state: 'VERIFY', blockedReason: null, failures: { count: 0, total: 0 } });
    expect(ControllerStateSchema.parse(JSON.parse(JSON.stringify(resumed)))).toEqual(resumed);
    expect(() => block(block(inState('TEST'), 'x', T), 'y', T)).toThrow(/BLOCKED/);
  });
});
