import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PR_STAGES, type PrStage } from '../../../src/core/controller/pr-stage.js';
import {
  moveStage,
  STAGE_CAUSES,
  TRANSITIONS,
  type StageCause,
  type StageRecord,
} from '../../../src/core/controller/stage-machine.js';

const at = (minute: number): string => new Date(Date.UTC(2026, 2, 2, 9, minute)).toISOString();

describe('moveStage: the stage machine', () => {
  it('the first stage is taken as the facts say, and green is remembered once', () => {
    const first = moveStage(null, 'VERIFY', 'opened', at(0));
    expect(first).toMatchObject({ kind: 'moved', from: null, to: 'VERIFY' });
    const green = moveStage(first.record, 'SHIP', 'ci', at(23));
    expect(green.record.green_at).toBe(at(23));
    const again = moveStage(moveStage(green.record, 'VERIFY', 'pushed', at(30)).record, 'SHIP', 'ci', at(40));
    expect(again.record.green_at).toBe(at(23)); // time to green: the first time
    expect(again.record.history.map((h) => h.stage)).toEqual(['VERIFY', 'SHIP', 'VERIFY', 'SHIP']);
  });

  it('the same stage again changes nothing (a redelivery)', () => {
    const r = moveStage(null, 'SHIP', 'ci', at(0)).record;
    expect(moveStage(r, 'SHIP', 'ci', at(5))).toEqual({ kind: 'same', record: r });
  });

  it.each<[PrStage, PrStage, StageCause, string]>([
    ['COMPLETE', 'VERIFY', 'ci', 'COMPLETE → VERIFY is not a transition'],
    ['COMPLETE', 'ENDED', 'closed', 'COMPLETE → ENDED is not a transition'],
    ['ENDED', 'VERIFY', 'ci', 'moves on only when it is reopened'],
    ['SHIP', 'COMPLETE', 'ci', 'only a merge completes'],
    ['SHIP', 'ENDED', 'refresh', 'only closing it ends'],
    ['BLOCKED', 'SHIP', 'gate', 'BLOCKED waits for `/close-loop resume`'],
    ['BLOCKED', 'VERIFY', 'command', 'BLOCKED waits for `/close-loop resume`'],
  ])('refuses %s → %s on %s', (from, to, cause, why) => {
    const record: StageRecord = { stage: from, since: at(0), green_at: null, history: [] };
    const move = moveStage(record, to, cause, at(1));
    expect(move.kind).toBe('refused');
    expect(move.record).toBe(record);
    expect(move.kind === 'refused' && move.why).toContain(why.replace(/ is not a transition$/, ''));
  });

  it.each<[PrStage, PrStage, StageCause]>([
    ['BLOCKED', 'VERIFY', 'resume'],
    ['BLOCKED', 'INIT', 'pushed'],
    ['BLOCKED', 'SHIP', 'ci'],
    ['ENDED', 'INIT', 'reopened'],
    ['SHIP', 'COMPLETE', 'merged'],
    ['VALIDATE', 'ENDED', 'closed'],
    ['SHIP', 'INIT', 'pushed'],
  ])('allows %s → %s on %s', (from, to, cause) => {
    const move = moveStage({ stage: from, since: at(0), green_at: null, history: [] }, to, cause, at(1));
    expect(move).toMatchObject({ kind: 'moved', from, to });
  });

  const stage = fc.constantFrom(...PR_STAGES);
  const cause = fc.constantFrom(...STAGE_CAUSES);

  it('whatever the events: COMPLETE is never left, and only a merge enters it; ENDED is left only on reopen; BLOCKED only by a person or something new', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(stage, cause), { maxLength: 40 }), (events) => {
        let record: StageRecord | null = null;
        events.forEach(([to, why], i) => {
          const before: StageRecord | null = record;
          const move = moveStage(record, to, why, at(i));
          record = move.record;
          if (before === null || move.kind !== 'moved') return;
          expect(TRANSITIONS[before.stage]).toContain(move.to);
          expect(before.stage).not.toBe('COMPLETE');
          if (move.to === 'COMPLETE') expect(why).toBe('merged');
          if (move.to === 'ENDED') expect(why).toBe('closed');
          if (before.stage === 'ENDED') expect(why).toBe('reopened');
          if (before.stage === 'BLOCKED')
            expect(['resume', 'pushed', 'ci', 'reopened', 'merged', 'closed']).toContain(why);
        });
      }),
    );
  });
});
