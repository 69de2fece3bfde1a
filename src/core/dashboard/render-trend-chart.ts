import type { TrendPoint } from '../outcomes/pattern-trend.js';
import { esc } from './html-text.js';

const COLORS = ['#0969da', '#cf222e', '#1a7f37', '#8250df', '#bc4c00', '#1b7c83', '#bf3989', '#6e7781'];
const W = 760;
const H = 260;
const PAD = { left: 44, right: 170, top: 14, bottom: 34 };

/**
 * The success rate of each pattern over time, as an inline SVG line chart (no script, no library): one
 * line per pattern, a point per period with a tooltip, the legend at the right.
 */
export function renderTrendChart(series: readonly { pattern: string; points: TrendPoint[] }[]): string {
  const periods = [...new Set(series.flatMap((s) => s.points.map((p) => p.period)))].sort();
  if (periods.length === 0) return '<p class="empty">No loop has ended in this window yet.</p>';
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (period: string) =>
    PAD.left + (periods.length === 1 ? plotW / 2 : (periods.indexOf(period) / (periods.length - 1)) * plotW);
  const y = (rate: number) => PAD.top + (1 - rate) * plotH;
  const grid = [0, 0.25, 0.5, 0.75, 1]
    .map(
      (r) =>
        `<line x1="${PAD.left}" x2="${PAD.left + plotW}" y1="${y(r)}" y2="${y(r)}" stroke="#d1d9e0"/><text x="${PAD.left - 6}" y="${y(r) + 4}" text-anchor="end">${r * 100}%</text>`,
    )
    .join('');
  // A period is a day or a week's Monday (YYYY-MM-DD): the year is shown when the periods span more than one.
  const years = new Set(periods.map((p) => p.slice(0, 4)));
  const label = (period: string) => (years.size > 1 ? period : period.slice(5));
  const step = Math.max(1, Math.ceil(periods.length / (years.size > 1 ? 6 : 8)));
  const ticks = periods
    .filter((_, i) => i % step === 0 || i === periods.length - 1)
    .map((p) => `<text x="${x(p)}" y="${H - PAD.bottom + 16}" text-anchor="middle">${esc(label(p))}</text>`)
    .join('');
  const lines = series
    .map((s, i) => {
      const color = COLORS[i % COLORS.length]!;
      const pts = s.points.map((p) => `${x(p.period).toFixed(1)},${y(p.success_rate).toFixed(1)}`).join(' ');
      const dots = s.points
        .map(
          (p) =>
            `<circle cx="${x(p.period).toFixed(1)}" cy="${y(p.success_rate).toFixed(1)}" r="3.5" fill="${color}"><title>${esc(`${s.pattern} ${p.period}: ${Math.round(p.success_rate * 100)}% of ${p.loops} loop(s)`)}</title></circle>`,
        )
        .join('');
      const legendY = PAD.top + 6 + i * 18;
      return `<g class="series" data-pattern="${esc(s.pattern)}"><polyline fill="none" stroke="${color}" stroke-width="2" points="${pts}"/>${dots}<rect x="${W - PAD.right + 16}" y="${legendY - 8}" width="10" height="10" fill="${color}"/><text x="${W - PAD.right + 32}" y="${legendY + 1}">${esc(s.pattern)}</text></g>`;
    })
    .join('');
  return `<svg role="img" aria-label="Success rate per pattern over time" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" xmlns="http://www.w3.org/2000/svg"><title>Success rate per pattern over time</title>${grid}${ticks}${lines}</svg>`;
}
