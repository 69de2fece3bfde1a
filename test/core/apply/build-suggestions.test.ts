import { describe, expect, it } from 'vitest';
import {
  buildSuggestions,
  diffLineRanges,
  MAX_SUGGESTION_CHARS,
  MAX_SUGGESTIONS,
  suggestionBody,
  type LineRange,
} from '../../../src/core/apply/build-suggestions.js';
import {
  renderSuggestionReview,
  suggestionReviewMarker,
} from '../../../src/core/apply/render-suggestion-review.js';

const FILE = 'a\nb\nc\nd\ne\n';
const whole: LineRange[] = [{ start: 1, end: 5 }];
const diff = (ranges: LineRange[] = whole) => new Map([['f.js', ranges]]);
const one = (after: string, ranges?: LineRange[]) =>
  buildSuggestions([{ path: 'f.js', before: FILE, after }], diff(ranges));

describe('buildSuggestions', () => {
  it.each([
    [
      'a changed line replaces that line',
      'a\nB\nc\nd\ne\n',
      [{ path: 'f.js', line: 2, side: 'RIGHT', body: '```suggestion\nB\n```' }],
    ],
    [
      'two changed lines in a row are one multi-line suggestion',
      'a\nB\nC\nd\ne\n',
      [
        {
          path: 'f.js',
          start_line: 2,
          start_side: 'RIGHT',
          line: 3,
          side: 'RIGHT',
          body: '```suggestion\nB\nC\n```',
        },
      ],
    ],
    [
      'a removed line is an empty suggestion',
      'a\nc\nd\ne\n',
      [{ path: 'f.js', line: 2, side: 'RIGHT', body: '```suggestion\n```' }],
    ],
    [
      'an inserted line takes the line before it along',
      'a\nb\nX\nc\nd\ne\n',
      [{ path: 'f.js', line: 2, side: 'RIGHT', body: '```suggestion\nb\nX\n```' }],
    ],
    [
      'a line inserted at the top takes the first line along',
      'X\na\nb\nc\nd\ne\n',
      [{ path: 'f.js', line: 1, side: 'RIGHT', body: '```suggestion\nX\na\n```' }],
    ],
    [
      'two separate changes are two suggestions',
      'A\nb\nc\nd\nE\n',
      [
        { path: 'f.js', line: 1, side: 'RIGHT', body: '```suggestion\nA\n```' },
        { path: 'f.js', line: 5, side: 'RIGHT', body: '```suggestion\nE\n```' },
      ],
    ],
  ])('%s', (_what, after, comments) => {
    expect(one(after)).toEqual({ comments, uncarried: [] });
  });

  it("leaves a change outside the pull request's diff to the whole patch", () => {
    expect(one('A\nb\nc\nd\nE\n', [{ start: 4, end: 5 }])).toEqual({
      comments: [{ path: 'f.js', line: 5, side: 'RIGHT', body: '```suggestion\nE\n```' }],
      uncarried: [{ path: 'f.js', why: "line 1: outside the pull request's diff" }],
    });
  });

  it('never spans two hunks with one suggestion', () => {
    expect(
      one('a\nB\nC\nd\ne\n', [
        { start: 1, end: 2 },
        { start: 3, end: 5 },
      ]).uncarried,
    ).toEqual([{ path: 'f.js', why: "lines 2-3: outside the pull request's diff" }]);
  });

  it('leaves new, deleted and untouched-by-the-PR files to the whole patch', () => {
    const out = buildSuggestions(
      [
        { path: 'new.js', before: null, after: 'x\n' },
        { path: 'old.js', before: 'y\n', after: null },
        { path: 'other.js', before: 'p\n', after: 'q\n' },
      ],
      diff(),
    );
    expect(out).toEqual({
      comments: [],
      uncarried: [
        { path: 'new.js', why: 'a new file' },
        { path: 'old.js', why: 'a deleted file' },
        { path: 'other.js', why: "line 1: outside the pull request's diff" },
      ],
    });
  });

  it(`leaves a suggestion over ${MAX_SUGGESTION_CHARS} characters, and those past ${MAX_SUGGESTIONS}, to the whole patch`, () => {
    const long = buildSuggestions(
      [{ path: 'f.js', before: FILE, after: `a\n${'x'.repeat(MAX_SUGGESTION_CHARS)}\nc\nd\ne\n` }],
      diff(),
    );
    expect(long).toEqual({
      comments: [],
      uncarried: [{ path: 'f.js', why: 'line 2: too long for one suggestion' }],
    });
    const before = Array.from({ length: 120 }, (_, i) => `l${i}`).join('\n');
    const after = before
      .split('\n')
      .map((l, i) => (i % 2 === 0 ? l.toUpperCase() : l))
      .join('\n');
    const many = buildSuggestions([{ path: 'f.js', before, after }], diff([{ start: 1, end: 120 }]));
    expect(many.comments).toHaveLength(MAX_SUGGESTIONS);
    expect(many.uncarried).toHaveLength(60 - MAX_SUGGESTIONS);
    expect(many.uncarried[0]).toEqual({
      path: 'f.js',
      why: `line 101: more than ${MAX_SUGGESTIONS} suggestions`,
    });
  });

  it('says when only the final newline changes', () => {
    expect(buildSuggestions([{ path: 'f.js', before: 'a', after: 'a\n' }], diff())).toEqual({
      comments: [],
      uncarried: [{ path: 'f.js', why: 'its final newline' }],
    });
  });

  it('fences a suggestion longer than any backticks in it', () => {
    expect(suggestionBody(['```js', 'x'])).toBe('````suggestion\n```js\nx\n````');
  });
});

describe('diffLineRanges', () => {
  it.each([
    [
      '@@ -1,3 +1,4 @@\n a\n+b\n c\n d\n@@ -10 +11 @@\n-x\n+y',
      [
        { start: 1, end: 4 },
        { start: 11, end: 11 },
      ],
    ],
    ['@@ -1,2 +0,0 @@\n-a\n-b', []],
    [undefined, []],
  ])('%j', (patch, ranges) => {
    expect(diffLineRanges(patch)).toEqual(ranges);
  });
});

describe('renderSuggestionReview', () => {
  const model = {
    headSha: 'a'.repeat(40),
    run: { id: 7, url: 'https://github.com/o/r/actions/runs/7' },
    fix: 'auto_fix for lint-error',
    why: 'the config says `apply.mode: suggest`',
    patch: 'diff --git a/f.js b/f.js\n+token ghp_abcdefghijklmnopqrstuvwxyz0123456789\n',
    suggestions: {
      comments: [{ path: 'f.js', line: 1, side: 'RIGHT' as const, body: '```suggestion\nA\n```' }],
      uncarried: [{ path: 'new.js', why: 'a new file' }],
    },
    take: { applyBy: 'people with write permission or higher' } as const,
  };

  it("starts with the head's marker, says why, how to take it, what the suggestions miss, and folds the masked patch", () => {
    const body = renderSuggestionReview(model);
    expect(body.startsWith(`${suggestionReviewMarker('a'.repeat(40))}\n`)).toBe(true);
    expect(body).toContain('it is proposed, not committed, because the config says `apply.mode: suggest`');
    expect(body).toContain('One suggested change below');
    expect(body).toContain(
      'Not carried by the suggestions (in the whole patch below): `new.js` (a new file).',
    );
    expect(body).toContain(
      'comment `/close-loop apply` (people with write permission or higher) to have the App commit the whole fix onto aaaaaaa',
    );
    expect(body).toMatch(/<details>\n<summary>The whole patch[\s\S]*```diff\ndiff --git a\/f\.js b\/f\.js/);
    expect(body).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
  });

  it('on a fork, points to the suggestions and the patch, not to /close-loop apply', () => {
    const body = renderSuggestionReview({ ...model, take: 'fork' });
    expect(body).toContain('The App never pushes to a fork');
    expect(body).not.toContain('/close-loop apply');
  });

  it("from the Action (no App to run a command): points to the suggestions and the run's fix.patch", () => {
    const body = renderSuggestionReview({ ...model, take: 'patch' });
    expect(body).toContain(
      "Or apply the whole patch below: `git am fix.patch` (from the run's `closed-loop-result` artifact)",
    );
    expect(body).not.toContain('/close-loop apply');
    expect(body).not.toContain('The App');
  });
});
