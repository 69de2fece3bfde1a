import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoopMemory } from '../../../src/core/pull-request/loop-memory.js';
import { parseLoopComment } from '../../../src/core/pull-request/parse-loop-comment.js';
import {
  LOOP_COMMENT_MARKER,
  renderLoopComment,
} from '../../../src/core/pull-request/render-loop-comment.js';
import { prepareMemory, STATE_BLOCK_PREFIX } from '../../../src/core/pull-request/state-block.js';
import { STRATEGIES } from '../../../src/core/vocabulary.js';

const sha = fc.stringMatching(/^[0-9a-f]{40}$/);
/** Free text as logs carry it: any unicode, pipes, HTML, fences, comment markers. */
type Unit = 'grapheme' | 'grapheme-ascii';
const text = (unit: Unit, max: number) =>
  fc.oneof(
    fc.string({ maxLength: max, unit }),
    fc.constantFrom(
      'a | b',
      '<!-- x -->',
      '```',
      `${STATE_BLOCK_PREFIX}AAAA -->`,
      '</details>',
      LOOP_COMMENT_MARKER,
      '\r\n',
      '',
    ),
  );
// Arbitraries built once: `stringMatching` compiles its regex, which is slow to repeat per sample.
const patternId = fc.option(fc.stringMatching(/^[a-z][a-z0-9-]{0,30}$/), { nil: null });
const signature = fc.option(fc.stringMatching(/^[a-z-]+:[a-z]+:[0-9a-f]{8}$/), { nil: null });
const taskId = fc.stringMatching(/^[a-z0-9-]{1,40}$/);
const status = fc.constantFrom('success', 'failed', 'escalated', 'interrupted') as fc.Arbitrary<
  LoopMemory['status']
>;
const attempt = (unit: Unit) =>
  fc.record({
    action: text(unit, 200),
    result: text(unit, 200),
    error: fc.option(text(unit, 500), { nil: null }),
    pattern_matched: patternId,
    strategy_used: fc.option(fc.constantFrom(...STRATEGIES), { nil: null }),
    duration_ms: fc.nat(10_000_000),
    files_modified: fc.array(text(unit, 80), { maxLength: 5 }),
    signature,
  });
const memoryOf = (unit: Unit): fc.Arbitrary<LoopMemory> =>
  fc.record({
    version: fc.constant(1 as const),
    head_sha: sha,
    task_id: taskId,
    attempts: fc.array(attempt(unit), { maxLength: 12 }).map((as) =>
      as.map((a, i) => ({
        ...a,
        attempt: i + 1,
        timestamp: `2026-04-04T10:${String(i).padStart(2, '0')}:00Z`,
      })),
    ),
    fix_commits: fc.array(fc.record({ sha, attempt: fc.integer({ min: 1, max: 12 }) }), { maxLength: 5 }),
    bot_pushes: fc.nat(50),
    status,
  });
const memory = memoryOf('grapheme');
const asciiMemory = memoryOf('grapheme-ascii');

describe('loop comment properties', () => {
  it('render → parse round-trips a memory exactly when it fits and holds nothing to mask', () => {
    fc.assert(
      fc.property(asciiMemory, (m) => {
        // Random text may, rarely, hold what reads as a credential (`pwd=…`): the next property covers it.
        fc.pre(JSON.stringify(prepareMemory(m)) === JSON.stringify(m));
        expect(parseLoopComment(renderLoopComment({ memory: m }))).toEqual(m);
      }),
      { numRuns: 150 },
    );
  });

  it('render → parse gives back the memory as stored (masked and fitted); unchanged when nothing needed masking', () => {
    fc.assert(
      fc.property(memory, (m) => {
        const back = parseLoopComment(renderLoopComment({ memory: m }));
        expect(back).toEqual(prepareMemory(m));
      }),
      { numRuns: 150 },
    );
  });

  it('renders exactly one state block whatever the attempts say', () => {
    fc.assert(
      fc.property(memory, (m) => {
        const body = renderLoopComment({ memory: m });
        expect(body.startsWith(LOOP_COMMENT_MARKER)).toBe(true);
        expect(body.split('<!-- closed-loop:state')).toHaveLength(2);
        expect(body.length).toBeLessThan(65_536);
      }),
      { numRuns: 100 },
    );
  });

  it('never throws on random strings, and finds no memory in them', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000, unit: 'binary' }), (s) => {
        expect(parseLoopComment(s)).toBeNull();
        expect(parseLoopComment(`${LOOP_COMMENT_MARKER}\n${STATE_BLOCK_PREFIX}${s} -->`)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on truncated or edited comments: it gives the memory or null', () => {
    const edit = fc.record({
      at: fc.nat(),
      cut: fc.nat(40),
      insert: fc.string({ maxLength: 8 }),
      truncate: fc.boolean(),
    });
    fc.assert(
      fc.property(memory, edit, (m, e) => {
        const body = renderLoopComment({ memory: m });
        const at = e.at % (body.length + 1);
        const edited = e.truncate
          ? body.slice(0, at)
          : `${body.slice(0, at)}${e.insert}${body.slice(at + e.cut)}`;
        const back = parseLoopComment(edited);
        if (back !== null) expect(back).toMatchObject({ version: 1 });
      }),
      { numRuns: 300 },
    );
  });
});
