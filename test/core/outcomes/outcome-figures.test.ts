import { describe, expect, it } from 'vitest';
import { decideDemotion } from '../../../src/core/outcomes/decide-demotion.js';
import { outcomeEvent, type OutcomeEvent } from '../../../src/core/outcomes/outcome-event.js';
import {
  fixEvents,
  fixFateEvent,
  gateEvents,
  stageEvent,
} from '../../../src/core/outcomes/outcome-events-for.js';
import { outcomeViews } from '../../../src/core/outcomes/outcome-views.js';
import type { DeadLetterSummary } from '../../../src/core/dead-letter/dead-letter.js';

const SETTINGS = { min_loops: 3, threshold: 0.3, window_days: 90 };
const repo = 'acme/shop';
const base = (pr: number) => ({ installation: 1, repo, pr });
const t = (minutes: number) => new Date(Date.UTC(2026, 10, 2, 9, 0) + minutes * 60_000).toISOString();
const loop = (pr: number, run: number, outcome: string, minutes: number, more: Partial<OutcomeEvent> = {}) =>
  outcomeEvent(base(pr), {
    key: `loop:${run}:${minutes}`,
    kind: 'loop',
    outcome,
    at: t(minutes),
    loop: `run:${run}`,
    workflow: 'CI',
    attempts: 1,
    ...more,
  });
const green = (pr: number, run: number, minutes: number) =>
  outcomeEvent(base(pr), {
    key: `green:${run}`,
    kind: 'green',
    outcome: 'green',
    at: t(minutes),
    workflow: 'CI',
    loop: `run:${run}`,
  });

describe('the figures per pattern and strategy', () => {
  const events = [
    // auto_fix fixes lint twice, fails once; the PR goes green 20 and 40 minutes after.
    loop(1, 1, 'success', 0, { pattern: 'lint-error', strategy: 'auto_fix', attempts: 2 }),
    green(1, 11, 20),
    loop(2, 2, 'success', 0, { pattern: 'lint-error', strategy: 'auto_fix', attempts: 2 }),
    green(2, 12, 40),
    loop(3, 3, 'dead_letter', 0, { pattern: 'lint-error', strategy: 'auto_fix', attempts: 5 }),
    // a network failure re-run: pending, then rescued on attempt 2; another re-run that did not help.
    loop(4, 4, 'rerun', 0, { pattern: 'network-error', strategy: 'retry_with_backoff' }),
    loop(4, 4, 'rescued', 10, { pattern: 'network-error', strategy: 'retry_with_backoff', attempts: 2 }),
    outcomeEvent(base(4), {
      key: 'rerun:4:2',
      kind: 'rerun',
      outcome: 'rescued',
      at: t(10),
      pattern: 'network-error',
      strategy: 'retry_with_backoff',
      detail: { jobs: [{ job: 'e2e', tests: ['checkout › pays'] }] },
    }),
    loop(5, 5, 'rerun', 0, { pattern: 'network-error', strategy: 'retry_with_backoff' }),
    loop(5, 5, 'escalated', 10, { pattern: 'network-error', strategy: 'retry_with_backoff', attempts: 2 }),
    outcomeEvent(base(5), {
      key: 'rerun:5:2',
      kind: 'rerun',
      outcome: 'not_rescued',
      at: t(10),
      pattern: 'network-error',
      strategy: 'retry_with_backoff',
    }),
    // a loop still waiting for its re-run counts nowhere yet.
    loop(6, 6, 'rerun', 0, { pattern: 'network-error', strategy: 'retry_with_backoff' }),
  ];

  it('success, escalation and dead-letter rates, mean attempts, re-run rescue, time to green', () => {
    const v = outcomeViews(events, SETTINGS);
    expect(
      v.patterns.map((p) => [
        p.pattern,
        p.loops,
        p.success_rate,
        p.escalation_rate,
        p.dead_letter_rate,
        p.avg_attempts,
        p.rerun_rescue_rate,
        p.time_to_green_ms.mean,
        p.underperforming,
      ]),
    ).toEqual([
      ['lint-error', 3, 2 / 3, 0, 1 / 3, 3, null, 30 * 60_000, false],
      ['network-error', 2, 0.5, 0.5, 0, 2, 0.5, 10 * 60_000, false],
    ]);
    expect(v.flaky).toMatchObject([
      { job: 'e2e', rescues: 1, tests: [{ name: 'checkout › pays', times: 1 }], prs: [4] },
    ]);
  });

  it('a strategy below the threshold after min_loops is demoted, with the reason; it recovers with its rate', () => {
    const failing = [1, 2, 3].map((n) =>
      loop(n, n, 'escalated', n, { pattern: 'type-error', strategy: 'analyze_then_fix' }),
    );
    const v = outcomeViews(failing, SETTINGS);
    expect(v.patterns[0]).toMatchObject({
      pattern: 'type-error',
      loops: 3,
      success_rate: 0,
      underperforming: true,
    });
    expect(
      decideDemotion(v.byStrategy, { pattern: 'type-error', strategy: 'analyze_then_fix' }, SETTINGS),
    ).toEqual({
      demoted: true,
      why: 'the outer loop demoted analyze_then_fix for type-error in this repository: 0 of its 3 loops in the last 90 days went green (0%, below outer_loop.threshold 30%); its fixes are proposed until the rate is back',
    });
    expect(
      decideDemotion(v.byStrategy, { pattern: 'type-error', strategy: 'context_expand' }, SETTINGS).demoted,
    ).toBe(false);
    expect(
      decideDemotion(
        outcomeViews(failing.slice(0, 2), SETTINGS).byStrategy,
        { pattern: 'type-error', strategy: 'analyze_then_fix' },
        SETTINGS,
      ).demoted,
    ).toBe(false);
    const recovered = [
      ...failing,
      ...[4, 5].map((n) => loop(n, n, 'success', n, { pattern: 'type-error', strategy: 'analyze_then_fix' })),
    ];
    expect(
      decideDemotion(
        outcomeViews(recovered, SETTINGS).byStrategy,
        { pattern: 'type-error', strategy: 'analyze_then_fix' },
        SETTINGS,
      ).demoted,
    ).toBe(false);
    expect(
      decideDemotion(
        v.byStrategy,
        { pattern: 'type-error', strategy: 'analyze_then_fix' },
        { ...SETTINGS, threshold: 0 },
      ).demoted,
    ).toBe(false);
  });
});

describe('what became of each fix', () => {
  const sha = (c: string) => c.repeat(40);
  const fix = (pr: number, c: string) =>
    fixEvents(base(pr), {
      runId: pr,
      sha: sha(c),
      fixes: [{ pattern: 'lint-error', strategy: 'auto_fix' }],
      at: t(0),
    })[0]!;
  const merged = (pr: number, c: string, minutes: number) =>
    stageEvent({ ...base(pr), stage: 'COMPLETE', at: t(minutes), key: `m${pr}`, sha: sha(c) });
  const reverted = (c: string, minutes: number) =>
    fixFateEvent(
      { installation: 1, repo, pr: null },
      { outcome: 'reverted', sha: sha(c), by: `r${c}${minutes}`, at: t(minutes) },
    );

  it('kept, undone, reverted before the merge, merged, reverted after it (its merge commit), abandoned', () => {
    const events = [
      fix(1, 'a'),
      fix(2, 'b'),
      fixFateEvent(base(2), { outcome: 'undone', sha: sha('b'), by: 'x', at: t(5) }),
      fix(3, 'c'),
      reverted('c', 5),
      merged(3, 'd', 10),
      fix(4, 'e'),
      merged(4, 'f', 10),
      fix(5, '1'),
      merged(5, '2', 10),
      reverted('2', 60),
      fix(6, '3'),
      stageEvent({ ...base(6), stage: 'ENDED', at: t(10), key: 'c6' }),
      ...fixEvents(base(7), {
        runId: 7,
        sha: null,
        fixes: [{ pattern: 'lint-error', strategy: 'auto_fix' }],
        at: t(0),
      }),
    ];
    const v = outcomeViews(events, SETTINGS);
    expect(v.fixes.map((f) => [f.pr, f.fate]).sort()).toEqual([
      [1, 'kept'],
      [2, 'undone'],
      [3, 'reverted'],
      [4, 'merged'],
      [5, 'reverted_after_merge'],
      [6, 'abandoned'],
    ]);
    expect(v.patterns[0]).toMatchObject({
      fixes: { kept: 1, undone: 1, reverted: 1, merged: 1, reverted_after_merge: 1, abandoned: 1 },
      fix_acceptance_rate: 0.25,
    });
  });

  it('one commit carrying several fixes (the App squashes a run) counts for each pattern, and its revert with them', () => {
    const squashed = (pr: number, c: string) =>
      fixEvents(base(pr), {
        runId: pr,
        sha: sha(c),
        fixes: [
          { pattern: 'lint-error', strategy: 'auto_fix' },
          { pattern: 'format-error', strategy: 'auto_fix' },
          { pattern: 'lint-error', strategy: 'auto_fix' },
        ],
        at: t(0),
      });
    const first = squashed(1, 'a');
    // A redelivery records nothing twice: the keys are the same each time, the first as it always was.
    expect(first.map((e) => e.key)).toEqual([`fix:${repo}:${sha('a')}`, `fix:${repo}:${sha('a')}#2`]);
    expect(squashed(1, 'a').map((e) => e.key)).toEqual(first.map((e) => e.key));
    const v = outcomeViews([...first, ...squashed(2, 'b'), merged(2, 'c', 10), reverted('a', 5)], SETTINGS);
    expect(v.fixes.map((f) => [f.pr, f.pattern, f.fate]).sort()).toEqual([
      [1, 'format-error', 'reverted'],
      [1, 'lint-error', 'reverted'],
      [2, 'format-error', 'merged'],
      [2, 'lint-error', 'merged'],
    ]);
    const byPattern = Object.fromEntries(v.patterns.map((p) => [p.pattern, p.fixes]));
    expect(byPattern['format-error']).toMatchObject({ reverted: 1, merged: 1 });
    expect(byPattern['lint-error']).toMatchObject({ reverted: 1, merged: 1 });
  });

  it('open pull requests by their latest stage; gate waits from the request to the approval', () => {
    const events = [
      stageEvent({ ...base(1), stage: 'INIT', at: t(0), key: 'a', title: 'Add orders' }),
      stageEvent({ ...base(1), stage: 'REVIEW', at: t(5), key: 'b' }),
      stageEvent({ ...base(2), stage: 'INIT', at: t(0), key: 'c' }),
      stageEvent({ ...base(2), stage: 'COMPLETE', at: t(9), key: 'd' }),
      ...gateEvents(
        base(1),
        [{ gate: 'database', files: ['db/1.sql'], more: 0, fingerprint: 'f'.repeat(64) }],
        { version: 1, approvals: [], skips: [] },
        t(0),
      ),
      ...gateEvents(
        base(1),
        [{ gate: 'database', files: ['db/1.sql'], more: 0, fingerprint: 'f'.repeat(64) }],
        {
          version: 1,
          approvals: [
            {
              gate: 'database',
              by: 'bob',
              at: t(45),
              head_sha: 'a'.repeat(40),
              fingerprint: 'f'.repeat(64),
              via: 'label',
            },
          ],
          skips: [],
        },
        t(50),
      ),
    ];
    const v = outcomeViews(events, SETTINGS);
    expect(v.stages).toEqual([
      { stage: 'REVIEW', prs: [expect.objectContaining({ pr: 1, title: 'Add orders', since: t(5) })] },
    ]);
    expect(v.gates).toEqual([{ gate: 'database', asked: 1, answered: 1, mean_wait_ms: 45 * 60_000 }]);
  });
});

describe('pattern candidates', () => {
  const summary = (n: number): DeadLetterSummary => ({
    task_id: `${repo}#${n}`,
    original_task: 'CI / build',
    total_attempts: 0,
    final_pattern: 'unknown',
    category: 'unknown',
    strategies_exhausted: [],
    blocked_at: t(n),
    blocked_reason: 'deep',
    similar_failures: 0,
    error_signature: 'unknown:proto:1234abcd',
    extension: 'proto',
    first_error_line: `protoc-gen-lint: field naming convention violated in orders_${n}.proto`,
    error_code: null,
    final_error: `protoc-gen-lint: field naming convention violated in orders_${n}.proto`,
    files: [],
  });
  const deadLetter = (n: number) => loop(n, n, 'escalated', n, { detail: { dead_letter: summary(n) } });

  it('four failures no pattern recognised, alike: one candidate with its YAML; three are not enough', () => {
    expect(outcomeViews([1, 2, 3].map(deadLetter), SETTINGS).candidates).toEqual([]);
    const [candidate, ...rest] = outcomeViews([1, 2, 3, 4].map(deadLetter), SETTINGS).candidates;
    expect(rest).toEqual([]);
    expect(candidate?.signals).toEqual(['protoc-gen-lint: field naming convention violated in']);
    expect(candidate?.seen_in).toHaveLength(4);
    expect(candidate?.yaml).toMatch(/^patterns:\n {2}add:\n {4}- id: candidate-[0-9a-f]{8}\n/);
  });
});
