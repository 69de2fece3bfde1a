import { describe, expect, it } from 'vitest';
import { decideStage } from '../../../src/core/controller/decide-stage.js';
import type { StageFacts } from '../../../src/core/controller/stage-facts.js';

const HEAD = 'abcdef1234567890abcdef1234567890abcdef12';

/** An open, ready pull request whose checks all passed, no gates, no loop: the builder's default. */
function facts(over: Partial<StageFacts> = {}): StageFacts {
  return {
    pr: { open: true, merged: false, draft: false, headSha: HEAD },
    checks: { failed: [], running: [], passed: 3 },
    loop: 'none',
    ci: null,
    headIsLoopFix: false,
    gates: [],
    criteria: null,
    ...over,
  };
}
const pending = (gate: 'security' | 'deploy') => ({
  gate,
  pending: true,
  missing: `${gate} approval from @acme/${gate}`,
});

describe('decideStage: where a pull request stands, in the seed order', () => {
  it.each<[string, Partial<StageFacts>, string, string | null, string[]]>([
    ['merged', { pr: { open: false, merged: true, draft: false, headSha: HEAD } }, 'COMPLETE', null, []],
    [
      'closed unmerged',
      { pr: { open: false, merged: false, draft: false, headSha: HEAD } },
      'ENDED',
      null,
      [],
    ],
    [
      'a draft',
      { pr: { open: true, merged: false, draft: true, headSha: HEAD } },
      'IMPLEMENT',
      'VERIFY',
      ['the pull request marked ready for review'],
    ],
    [
      'no check reported yet',
      { checks: { failed: [], running: [], passed: 0 } },
      'INIT',
      'VERIFY',
      ['a CI run on `abcdef1`'],
    ],
    [
      'a new head, no check reported yet, though the loop succeeded on an earlier head',
      { checks: { failed: [], running: [], passed: 0 }, loop: 'success' },
      'INIT',
      'VERIFY',
      ['a CI run on `abcdef1`'],
    ],
    [
      "the loop's fix pushed, no check reported on it yet",
      { checks: { failed: [], running: [], passed: 0 }, loop: 'success', headIsLoopFix: true },
      'RETRY',
      'VERIFY',
      ['a CI run on `abcdef1`'],
    ],
    [
      'checks running',
      { checks: { failed: [], running: ['test'], passed: 1 } },
      'VERIFY',
      'SHIP',
      ['the check `test` to finish'],
    ],
    [
      "CI checking the loop's fix",
      { checks: { failed: [], running: ['test'], passed: 1 }, headIsLoopFix: true },
      'RETRY',
      'SHIP',
      ['the check `test` to finish'],
    ],
    [
      'a failed check',
      { checks: { failed: ['lint'], running: ['test'], passed: 1 } },
      'FAILED',
      'VERIFY',
      ['a fix for the failed check `lint`'],
    ],
    [
      'the loop blocked',
      { loop: 'blocked', checks: { failed: ['loop'], running: [], passed: 0 } },
      'BLOCKED',
      'VERIFY',
      ['a person fixes what blocked the loop, then comments `/close-loop resume`'],
    ],
    [
      'a gate pending on green',
      { gates: [pending('security')] },
      'VALIDATE',
      'SHIP',
      ['security approval from @acme/security'],
    ],
    [
      'criteria unmet on green',
      { criteria: { total: 3, unmet: ['docs updated'] } },
      'VALIDATE',
      'SHIP',
      ['the acceptance criterion "docs updated"'],
    ],
    [
      'the deploy gate pending',
      { gates: [pending('deploy')] },
      'REVIEW',
      'SHIP',
      ['deploy approval from @acme/deploy'],
    ],
    ['green, nothing pending', {}, 'SHIP', 'COMPLETE', ['the merge']],
  ])('%s → %s', (_what, over, stage, next, missing) => {
    const d = decideStage(facts(over));
    expect([d.stage, d.next, d.missing]).toEqual([stage, next, missing]);
  });

  it('BLOCKED comes before a failure, and a failure before a pending gate (the seed: blocked, then failure)', () => {
    const f = facts({
      loop: 'dead_letter',
      checks: { failed: ['test'], running: [], passed: 0 },
      gates: [pending('security')],
    });
    expect(decideStage(f).stage).toBe('BLOCKED');
    expect(decideStage({ ...f, loop: 'none' }).stage).toBe('FAILED');
  });

  it('a resumed loop does not block; a gate waiting behind running checks is what the next stage needs after', () => {
    expect(decideStage(facts({ loop: 'resumed' })).stage).toBe('SHIP');
    const d = decideStage(
      facts({ checks: { failed: [], running: ['ci'], passed: 0 }, gates: [pending('security')] }),
    );
    expect([d.stage, d.next]).toEqual(['VERIFY', 'VALIDATE']);
  });

  it('the Action alone (checks unknown): its result decides', () => {
    expect(decideStage(facts({ checks: null, loop: 'success' })).summary).toBe(
      "Green: the loop's checks pass on `abcdef1`",
    );
    expect(decideStage(facts({ checks: null, loop: 'interrupted' })).stage).toBe('FAILED');
  });
});
