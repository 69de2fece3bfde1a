import { describe, expect, it } from 'vitest';
import { formatElapsed } from '../../../src/core/controller/elapsed.js';
import { renderHandoff, type HandoffFacts } from '../../../src/core/controller/handoff.js';

describe('formatElapsed: the seed telemetry format', () => {
  it.each([
    ['2026-03-02T09:00:00Z', '2026-03-02T09:23:59Z', '23m'],
    ['2026-03-02T09:00:00Z', '2026-03-02T10:15:00Z', '1h 15m'],
    ['2026-03-02T09:00:00Z', '2026-03-02T09:00:30Z', '0m'],
    ['2026-03-02T09:00:00Z', '2026-03-04T10:00:00Z', '49h 0m'],
  ])('%s → %s is %s', (from, to, text) => {
    expect(formatElapsed(from, to)).toBe(text);
  });
  it('an unreadable time gives null', () => expect(formatElapsed('?', '2026-03-02T09:00:00Z')).toBeNull());
});

const facts: HandoffFacts = {
  number: 2,
  mergedBy: 'carol',
  openedAt: '2026-03-02T09:00:00Z',
  mergedAt: '2026-03-02T10:15:00Z',
  greenAt: '2026-03-02T09:23:00Z',
  headSha: 'f'.repeat(40),
  fixes: [{ sha: 'a'.repeat(40), attempt: 2, strategy: 'auto_fix', pattern: 'lint-error' }],
  reruns: [{ workflow: 'ci', jobs: ['test'], pattern: 'network-error' }],
  gates: [
    { gate: 'database', status: 'approved', by: 'alice', via: 'label' },
    { gate: 'security', status: 'skipped', by: 'bob', reason: 'docs only' },
  ],
  criteria: {
    headSha: 'f'.repeat(40),
    verdict: 'complete',
    items: [{ id: 'AC-1', text: 'the parser accepts @everyone', status: 'pass' }],
  },
  artifacts: ['docs/parser.md'],
};

describe('renderHandoff', () => {
  const text = renderHandoff(facts);
  it.each([
    ['the telemetry', '| Duration | 1h 15m |'],
    ['the time to green', '| Time to green | 23m |'],
    ['Started', '| Started | 2026-03-02 09:00 UTC (opened) |'],
    ['the fix', '- `aaaaaaa` auto_fix for lint-error (attempt 2)'],
    [
      'the strategies',
      '**Strategies that worked**: auto_fix (lint-error) · re-run of a flaky failure (network-error)',
    ],
    ['who approved', '| database | ✅ approved by @alice (label) |'],
    ['who skipped, and why', '| security | ⏭️ skipped by @bob: "docs only" |'],
    ['the criteria', '| AC-1 | ✅ pass |'],
    ['the artifacts', '- `docs/parser.md`'],
    ['who merged', 'Merged by @carol'],
  ])('says %s', (_what, line) => expect(text).toContain(line));

  it('a criterion cannot @-mention anyone from the handoff', () => {
    expect(text).not.toContain('@everyone');
  });

  it('names every fix a commit carries, and lists an undone fix apart without crediting it', () => {
    const out = renderHandoff({
      ...facts,
      reruns: [],
      fixes: [
        {
          sha: 'a'.repeat(40),
          attempt: 3,
          strategy: 'auto_fix',
          pattern: 'format-error',
          also: [{ strategy: 'auto_fix', pattern: 'lint-error' }],
          undone: { by: 'dave', revert: 'b'.repeat(40) },
        },
        { sha: 'c'.repeat(40), attempt: 5, strategy: 'agent', pattern: 'type-error' },
      ],
    });
    expect(out).toContain(
      '**What the loop fixed** (1 commit)\n\n- `ccccccc` agent for type-error (attempt 5)\n',
    );
    expect(out).toContain(
      '**Undone before the merge** (1 commit, not in what merged)\n\n- `aaaaaaa` auto_fix for lint-error and format-error (attempt 3): undone by @dave (`/close-loop undo`, revert `bbbbbbb`)',
    );
    expect(out).toContain('**Strategies that worked**: agent (type-error)\n');
  });

  it('a pull request the App never saw green says so', () => {
    expect(renderHandoff({ ...facts, greenAt: null })).toContain('| Time to green | not seen');
  });
});
