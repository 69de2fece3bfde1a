import { CONFIDENCE_THRESHOLD } from '../../core/analyze/finish-diagnosis.js';
import type { PatternTestResult } from '../../core/analyze/test-pattern.js';
import type { Pattern } from '../../core/patterns/pattern.js';

export function renderPatternList(
  rows: { pattern: Pattern; origin: 'default' | 'added' | 'overridden' }[],
): string {
  const head = [
    'ID',
    'CATEGORY',
    'STRATEGY',
    'ALTERNATIVES',
    'RETRIES',
    'RETRYABLE',
    'PRIORITY',
    'SIGNALS',
    'ORIGIN',
  ];
  const body = rows.map(({ pattern: p, origin }) => [
    p.id,
    p.category,
    p.strategy,
    p.alternatives.join(',') || '-',
    String(p.max_auto_retries),
    p.retryable ? 'yes' : 'no',
    String(p.priority),
    String(p.signals.length),
    origin,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] as string).length)));
  const line = (r: string[]): string =>
    r
      .map((c, i) => c.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  return `${[line(head), ...body.map(line)].join('\n')}\n${rows.length} patterns\n`;
}

export function renderPatternTest(r: PatternTestResult, file: string): string {
  const out: string[] = [
    `${r.id} against ${file}: ${r.totalMatchingLines} matching line(s), confidence ${r.confidence.toFixed(2)} ${
      r.confidence >= CONFIDENCE_THRESHOLD
        ? `(enough: a pattern is considered from ${CONFIDENCE_THRESHOLD.toFixed(2)})`
        : `(too weak: a pattern is considered from ${CONFIDENCE_THRESHOLD.toFixed(2)}; add or weigh up signals)`
    }`,
  ];
  for (const m of r.matches)
    out.push(`  ${String(m.line).padStart(6)} │ ${m.text}`, `         └ ${m.signals.join('  ')}`);
  if (r.totalMatchingLines > r.matches.length)
    out.push(`  … ${r.totalMatchingLines - r.matches.length} more matching lines`);
  if (r.ignoredPassingLines > 0)
    out.push(`  (${r.ignoredPassingLines} line(s) ignored because they report a passing check)`);
  out.push(`matched signals (${r.matched.length}):`, ...r.matched.map((s) => `  ✓ ${s}`));
  out.push(`unmatched signals (${r.unmatched.length}):`, ...r.unmatched.map((s) => `  · ${s}`));
  return `${out.join('\n')}\n`;
}
