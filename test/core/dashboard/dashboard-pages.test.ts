import { describe, expect, it } from 'vitest';
import { renderLayout, type PageScope } from '../../../src/core/dashboard/render-layout.js';
import { renderPrsPage } from '../../../src/core/dashboard/render-other-pages.js';
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
    } as never);
    const row = /<tr><td><a [^>]*>o\/r#123<\/a><\/td><td>(.*?)<\/td>/.exec(html)?.[1];
    expect(row).toBe('<span class="muted">#123 (no title recorded)</span>');
  });
});
