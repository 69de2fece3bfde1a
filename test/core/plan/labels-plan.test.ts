import { describe, expect, it } from 'vitest';
import {
  isManagedLabel,
  labelsPlan,
  loopLabelDefinitions,
  MANAGED_LABELS,
} from '../../../src/core/plan/labels-plan.js';
import { PlanSchema } from '../../../src/core/plan/plan-schema.js';

describe('isManagedLabel', () => {
  it.each([
    ['loop:blocked', true],
    ['LOOP:Dead-Letter', true],
    ['needs:security-review', true],
    ['needs:triage', false],
    ['approved:database', true],
    ['bug', false],
    ['loop', false],
    ['needs:-review', true],
  ])('%s → %s', (name, managed) => {
    expect(isManagedLabel(name, MANAGED_LABELS)).toBe(managed);
  });

  it('treats a pattern without * as a prefix', () => {
    expect(isManagedLabel('loop:blocked', ['loop:'])).toBe(true);
    expect(isManagedLabel('bug', ['loop:'])).toBe(false);
  });
});

describe('labelsPlan', () => {
  it.each([
    ['nothing to do', ['bug'], [], []],
    ['adds a wanted label', ['bug'], ['loop:blocked'], [{ kind: 'add_labels', labels: ['loop:blocked'] }]],
    [
      'removes a managed label no longer wanted',
      ['bug', 'loop:blocked'],
      [],
      [{ kind: 'remove_labels', labels: ['loop:blocked'] }],
    ],
    ['never removes an unmanaged label', ['bug', 'needs:triage'], [], []],
    ['ignores a wanted label it does not manage', [], ['bug'], []],
    ['compares case-insensitively', ['Loop:Blocked'], ['loop:blocked'], []],
    [
      'adds and removes',
      ['needs:security-review'],
      ['approved:security'],
      [
        { kind: 'add_labels', labels: ['approved:security'] },
        { kind: 'remove_labels', labels: ['needs:security-review'] },
      ],
    ],
    [
      'drops duplicates',
      [],
      ['loop:blocked', 'LOOP:BLOCKED'],
      [{ kind: 'add_labels', labels: ['loop:blocked'] }],
    ],
  ])('%s', (_, current, wanted, plan) => {
    expect(labelsPlan(current, wanted, MANAGED_LABELS)).toEqual(plan);
  });

  it('returns a valid plan', () => {
    expect(PlanSchema.safeParse(labelsPlan(['loop:blocked'], ['loop:dead-letter'])).success).toBe(true);
  });
});

describe('loopLabelDefinitions', () => {
  it('defines the loop labels and two per gate, all managed and valid', () => {
    const labels = loopLabelDefinitions(['security']);
    expect(labels.map((l) => l.name)).toEqual([
      'loop:blocked',
      'loop:dead-letter',
      'needs:security-review',
      'approved:security',
    ]);
    expect(labels.every((l) => isManagedLabel(l.name, MANAGED_LABELS))).toBe(true);
    expect(PlanSchema.safeParse([{ kind: 'ensure_labels', labels }]).success).toBe(true);
  });
});
