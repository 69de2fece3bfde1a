import { describe, expect, it } from 'vitest';
import { renderLayout, type PageScope } from '../../../src/core/dashboard/render-layout.js';
import {
  renderFixesPage,
  renderFlakyPage,
  renderPrsPage,
} from '../../../src/core/dashboard/render-other-pages.js';
import { outcomeEvent } from '../../../src/core/outcomes/outcome-event.js';
import { fixEvents, stageEvent } from '../../../src/core/outcomes/outcome-events-for.js';
import { outcomeViews } from '../../../src/core/outcomes/outcome-views.js';
import { renderTrendChart } from '../../../src/core/dashboard/render-trend-chart.js';

const scope = (days: number): PageScope => ({ page: 'patterns', login: 'ops', repos: [], repo: null, days });
/** The window menu's entries as a person reads them, the chosen one marked. */
const windows = (html: string) =>
  [...(/<select name="days"[^>]*>(.*?)<\/select>/.exec(html)?.[1] ?? '').matchAll(/<option[^>]*>[^<]*/g)].map(
    (m) =>
      m[0].replace(/<option value="\d+"( selected)?>/, (_, sel: string | undefined) => (sel ? '* ' : '')),
  );

describe('the dashboard window menu', () => {
  it('shows the window in view, one of its own or not, so Show keeps it', () => {
    expect(windows(renderLayout(scope(30), 'Patterns', ''))).toEqual([
      'last 7 days',
      '* last 30 days',
      'last 90 days',
      'last 365 days',
    ]);
    expect(windows(renderLayout(scope(3650), 'Patterns', ''))).toEqual([
      'last 7 days',
      'last 30 days',
      'last 90 days',
      'last 365 days',
      '* last 3650 days',
    ]);
    expect(windows(renderLayout(scope(14), 'Patterns', ''))[1]).toBe('* last 14 days');
  });
});

describe('the trend chart', () => {
  const ticks = (svg: string) =>
    [...svg.matchAll(/<text [^>]*text-anchor="middle">([^<]*)<\/text>/g)].map((m) => m[1]);
  const point = (period: string) => ({ period, loops: 1, ok: 1, success_rate: 1 });

  it('labels its x-axis with the year when the window spans years', () => {
    const svg = renderTrendChart([
      { pattern: 'lint-error', points: [point('2023-12-18'), point('2024-06-03'), point('2025-01-06')] },
    ]);
    expect(ticks(svg)).toEqual(['2023-12-18', '2024-06-03', '2025-01-06']);
  });

  it('keeps month-day within one year', () => {
    const svg = renderTrendChart([
      { pattern: 'lint-error', points: [point('2024-12-16'), point('2024-12-17')] },
    ]);
    expect(ticks(svg)).toEqual(['12-16', '12-17']);
  });
});

describe('the pull requests page', () => {
  it('says which pull request a row is when no title was recorded (first seen through a command)', () => {
    const html = renderPrsPage(scope(90), {
      stages: [
        {
          stage: 'VERIFY',
          prs: [
            {
              repo: 'o/r',
              pr: 123,
              title: null,
              url: null,
              stage: 'VERIFY',
              since: '2024-01-01T00:00:00Z',
              last_loop: null,
            },
          ],
        },
      ],
      gates: [],
      servers: {},
    });
    const row = /<tr><td><a [^>]*>o\/r#123<\/a><\/td><td>(.*?)<\/td>/.exec(html)?.[1];
    expect(row).toBe('<span class="muted">#123 (no title recorded)</span>');
  });
});

describe('links to pull requests on a GitHub Enterprise Server', () => {
  const GHE = 'http://127.0.0.1:4100';
  const at = '2026-11-02T09:00:00.000Z';
  const base = (pr: number) => ({ installation: 1, repo: 'acme/shop', pr });
  const hrefs = (html: string) => [...html.matchAll(/<a href="(http[^"]*)"/g)].map((m) => m[1]);

  it("the flaky and fixes pages link where the repository's deliveries came from, like the PRs page", () => {
    const events = [
      // PR #8's stage recorded its address on the GHE host; #7 was only re-run and fixed.
      stageEvent({ ...base(8), stage: 'INIT', at, title: 'Cart', url: `${GHE}/acme/shop/pull/8` }),
      outcomeEvent(base(7), {
        key: 'rerun:acme/shop:5007:2',
        kind: 'rerun',
        outcome: 'rescued',
        at,
        detail: { jobs: [{ job: 'test', tests: [] }] },
      }),
      ...fixEvents(base(7), {
        runId: 5010,
        sha: 'c0ffee1'.padEnd(40, '0'),
        fixes: [{ pattern: 'lint-error', strategy: 'auto_fix' }],
        at,
      }),
    ];
    const views = outcomeViews(events, { min_loops: 3, threshold: 0.3 });
    const page = (name: 'flaky' | 'fixes' | 'prs'): PageScope => ({ ...scope(90), page: name });

    expect(hrefs(renderPrsPage(page('prs'), views))).toEqual([`${GHE}/acme/shop/pull/8`]);
    expect(hrefs(renderFlakyPage(page('flaky'), views))).toEqual([`${GHE}/acme/shop/pull/7`]);
    expect(hrefs(renderFixesPage(page('fixes'), views))).toEqual([`${GHE}/acme/shop/pull/7`]);
  });

  it("a repository with no address recorded is linked on the App's GitHub", () => {
    const views = outcomeViews(
      [
        outcomeEvent(base(7), {
          key: 'rerun:acme/shop:5007:2',
          kind: 'rerun',
          outcome: 'rescued',
          at,
          detail: { jobs: [{ job: 'test', tests: [] }] },
        }),
      ],
      { min_loops: 3, threshold: 0.3 },
    );
    expect(hrefs(renderFlakyPage({ ...scope(90), page: 'flaky', server: GHE }, views))).toEqual([
      `${GHE}/acme/shop/pull/7`,
    ]);
    expect(hrefs(renderFlakyPage({ ...scope(90), page: 'flaky' }, views))).toEqual([
      'https://github.com/acme/shop/pull/7',
    ]);
  });
});

describe('the fixes page', () => {
  it('a row per fix, the cards per commit: one commit carrying two fixes, undone, is one undone commit', () => {
    const at = '2026-11-20T10:00:00.000Z';
    const base = (pr: number) => ({ installation: 1, repo: 'acme/shop', pr });
    const commit = (pr: number, c: string, patterns: string[]) =>
      fixEvents(base(pr), {
        runId: pr,
        sha: c.repeat(40),
        fixes: patterns.map((pattern) => ({ pattern, strategy: 'auto_fix' })),
        at,
      });
    const events = [
      ...commit(1, 'a', ['lint-error', 'format-error']),
      outcomeEvent(base(1), {
        key: 'undo:1',
        kind: 'fix_fate',
        outcome: 'undone',
        at,
        sha: 'a'.repeat(40),
      }),
      ...commit(2, 'b', ['lint-error']),
      stageEvent({ ...base(2), stage: 'COMPLETE', at, key: 'm2', sha: 'c'.repeat(40) }),
    ];
    const html = renderFixesPage(
      { ...scope(90), page: 'fixes' },
      outcomeViews(events, { min_loops: 3, threshold: 0.3 }),
    );
    const cards = [...html.matchAll(/<div class="value">([^<]*)<\/div><div class="label">([^<]*)</g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(cards).toEqual([
      '2 fix commits',
      '50% accepted (merged, not reverted)',
      '1 undone (/close-loop undo)',
      '0 reverted by a person',
    ]);
    expect(html.match(/<tr>/g)?.length).toBe(1 + 3); // the header and a row per fix
  });
});
