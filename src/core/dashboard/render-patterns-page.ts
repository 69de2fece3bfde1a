import type { OutcomeViews } from '../outcomes/outcome-views.js';
import type { PatternFigures } from '../outcomes/pattern-figures.js';
import { duration, esc, percent, table } from './html-text.js';
import { renderLayout, type PageScope } from './render-layout.js';
import { renderTrendChart } from './render-trend-chart.js';

const num = (v: string | number) => `<span class="num">${esc(v)}</span>`;

function row(f: PatternFigures, withStrategy: boolean): string[] {
  const acceptance =
    f.fix_acceptance_rate === null
      ? '–'
      : `${percent(f.fix_acceptance_rate)} <small>(${f.fixes.merged} merged, ${f.fixes.undone} undone, ${f.fixes.reverted + f.fixes.reverted_after_merge} reverted)</small>`;
  return [
    `<code>${esc(f.pattern)}</code>${f.underperforming ? ' <span class="badge bad">underperforming</span>' : ''}`,
    ...(withStrategy ? [f.strategy === null ? '–' : `<code>${esc(f.strategy)}</code>`] : []),
    num(f.loops),
    num(percent(f.success_rate)),
    num(percent(f.escalation_rate)),
    num(percent(f.dead_letter_rate)),
    num(f.avg_attempts.toFixed(1)),
    num(f.reruns === 0 ? '–' : `${percent(f.rerun_rescue_rate)} of ${f.reruns}`),
    acceptance,
    num(duration(f.time_to_green_ms.median)),
  ];
}

const HEAD = [
  'Loops',
  'Success',
  'Escalated',
  'Dead letter',
  'Avg attempts',
  'Re-run rescue',
  'Fixes accepted',
  'Time to green (median)',
];

/**
 * What works per pattern: its figures (underperformers flagged by the outer_loop settings), per strategy,
 * and its success rate over time.
 */
export function renderPatternsPage(
  scope: PageScope,
  views: Pick<OutcomeViews, 'patterns' | 'byStrategy' | 'trend' | 'loops'>,
  settings: { min_loops: number; threshold: number },
): string {
  const flagged = views.patterns.filter((p) => p.underperforming);
  const decided = views.loops.filter((l) => l.succeeded !== null);
  const green = decided.filter((l) => l.succeeded).length;
  const cards = `<div class="cards">
<div class="card"><div class="value">${decided.length}</div><div class="label">loops ended</div></div>
<div class="card"><div class="value">${percent(decided.length === 0 ? null : green / decided.length)}</div><div class="label">went green</div></div>
<div class="card"><div class="value">${flagged.length}</div><div class="label">underperforming patterns</div></div></div>`;
  const patterns = table(
    ['Pattern', ...HEAD],
    views.patterns.map((f) => ({ cells: row(f, false), flagged: f.underperforming })),
    'No loop has ended in this window yet.',
  );
  const strategies = table(
    ['Pattern', 'Strategy', ...HEAD],
    views.byStrategy.map((f) => ({ cells: row(f, true), flagged: f.underperforming })),
    'No strategy has run in this window yet.',
  );
  const content = `<p class="lead">A pattern is underperforming, and its strategy demoted (its fixes proposed, not committed), after at least ${settings.min_loops} loops with a success rate below ${percent(settings.threshold)} (<code>outer_loop</code> in the config).</p>
${cards}
<h2>Per pattern</h2>${patterns}
<h2>Success rate over time (per ${esc(views.trend.period)})</h2>${renderTrendChart(views.trend.series)}
<h2>Per strategy</h2>${strategies}`;
  return renderLayout(scope, 'Patterns', content);
}
