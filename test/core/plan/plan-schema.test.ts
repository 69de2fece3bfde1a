import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commentWrite,
  isTargetComment,
  markerFor,
  renderCommentBody,
} from '../../../src/core/plan/comment-marker.js';
import { PlanSchema } from '../../../src/core/plan/plan-schema.js';

const sha = 'f'.repeat(40);
const check = { kind: 'check_run', name: 'closed-loop', head_sha: sha, output: { title: 't', summary: 's' } };

describe('PlanSchema', () => {
  it.each([
    ['a comment', [commentWrite('sticky', 'body')], true],
    ['a keyed comment', [commentWrite('dead-letter', 'body', sha)], true],
    [
      'a marker that is not a hidden closed-loop comment',
      [{ kind: 'upsert_comment', marker: '<!-- sticky -->', body: 'b' }],
      false,
    ],
    ['a key that would close the comment', [{ ...commentWrite('x', 'b'), key: 'a -->' }], false],
    ['a body GitHub would refuse', [commentWrite('x', 'b'.repeat(65_001))], false],
    ['empty label lists', [{ kind: 'add_labels', labels: [] }], false],
    [
      'a colour with #',
      [{ kind: 'ensure_labels', labels: [{ name: 'x', color: '#ffffff', description: '' }] }],
      false,
    ],
    ['a completed run with a conclusion', [{ ...check, status: 'completed', conclusion: 'success' }], true],
    ['a completed run without one', [{ ...check, status: 'completed' }], false],
    ['an in-progress run with one', [{ ...check, status: 'in_progress', conclusion: 'success' }], false],
    ['a short sha', [{ ...check, head_sha: 'abc1234', status: 'queued' }], false],
    ['an unknown kind', [{ kind: 'merge' }], false],
  ])('%s → valid: %s', (_, plan, valid) => {
    expect(PlanSchema.safeParse(plan).success).toBe(valid);
  });
});

describe('comment markers', () => {
  it('puts the marker (and key) first, so the comment is found again', () => {
    expect(renderCommentBody(commentWrite('sticky', 'hello', 'k1'))).toBe(
      '<!-- closed-loop:sticky -->\n<!-- closed-loop:key k1 -->\nhello',
    );
  });

  it.each([
    ['the marker alone', '<!-- closed-loop:sticky -->\nx', undefined, true],
    ['another marker', '<!-- closed-loop:other -->\nx', undefined, false],
    ['no body', null, undefined, false],
    ['the right key', '<!-- closed-loop:sticky -->\n<!-- closed-loop:key k1 -->', 'k1', true],
    ['another key', '<!-- closed-loop:sticky -->\n<!-- closed-loop:key k2 -->', 'k1', false],
    [
      'a key that is a prefix of the one present',
      '<!-- closed-loop:sticky -->\n<!-- closed-loop:key k12 -->',
      'k1',
      false,
    ],
  ])('isTargetComment with %s → %s', (_, body, key, expected) => {
    expect(isTargetComment(body, { marker: markerFor('sticky'), ...(key ? { key } : {}) })).toBe(expected);
  });

  it('always finds the comment it rendered', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.option(fc.stringMatching(/^[A-Za-z0-9._:/-]{1,40}$/), { nil: undefined }),
        (body, key) => {
          const write = commentWrite('sticky', body, key);
          expect(isTargetComment(renderCommentBody(write), write)).toBe(true);
        },
      ),
    );
  });
});
