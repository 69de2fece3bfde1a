// The corpus figures as the scorer prints them (text or JSON). Held-out and fresh logs exist to tell
// whether a change generalises, so their per-log misses are hidden unless asked for: a list that is read
// is a list that gets tuned on.
import { HIDDEN_SETS, type CorpusSet } from './load-corpus.js';
import type { Ratio, Scores } from './score.js';

export interface ReportOptions {
  showMisses: boolean;
}

const pct = (r: Ratio): string =>
  (r.rate === null ? '   -  ' : `${(100 * r.rate).toFixed(1).padStart(5)}%`) + ` (${r.hit}/${r.of})`;

function hides(name: string, opts: ReportOptions): boolean {
  return !opts.showMisses && HIDDEN_SETS.includes(name as CorpusSet);
}

export function formatJson(report: Record<string, Scores>, opts: ReportOptions): string {
  const shown = Object.fromEntries(
    Object.entries(report).map(([name, s]) => {
      if (!hides(name, opts)) return [name, s];
      const note = (n: number): string => `${n} (hidden for the ${name} set; add --show-misses)`;
      return [name, { ...s, misses: note(s.misses.length), evidenceMisses: note(s.evidenceMisses.length) }];
    }),
  );
  return JSON.stringify(shown, null, 2);
}

export function formatText(report: Record<string, Scores>, opts: ReportOptions): string {
  const out: string[] = [];
  for (const [name, s] of Object.entries(report)) {
    if (name === 'pinned') continue;
    out.push(`\n=== ${name}: ${s.logs} logs ===`);
    out.push(`category accuracy     ${pct(s.categoryAccuracy)}`);
    out.push(`  raw tool output     ${pct(s.rawAccuracy)}`);
    out.push(`  in CI framing       ${pct(s.wrappedAccuracy)}`);
    out.push(`pattern accuracy      ${pct(s.patternAccuracy)}`);
    out.push(`unknown (failing)     ${pct(s.unknownRate)}`);
    out.push(`location precision    ${pct(s.locationPrecision)}`);
    out.push(`location recall       ${pct(s.locationRecall)}`);
    out.push(`evidence overlap      ${pct(s.evidenceOverlap)}`);
    out.push('\nper ecosystem (category accuracy)');
    for (const [k, r] of Object.entries(s.byEcosystem)) out.push(`  ${k.padEnd(12)} ${pct(r)}`);
    out.push('\nper wrapper (category accuracy)');
    for (const [k, r] of Object.entries(s.byWrapper)) out.push(`  ${k.padEnd(14)} ${pct(r)}`);
    out.push('\nlocations per ecosystem  precision              recall');
    for (const [k, r] of Object.entries(s.locationsByEcosystem))
      out.push(`  ${k.padEnd(12)} ${pct(r.precision).padEnd(22)} ${pct(r.recall)}`);
    out.push('\nper category             precision              recall');
    for (const [k, r] of Object.entries(s.byCategory))
      out.push(`  ${k.padEnd(12)} ${pct(r.precision).padEnd(22)} ${pct(r.recall)}`);
    if (s.misses.length && hides(name, opts)) {
      out.push(
        `\nmisses: ${s.misses.length} (per-log list hidden for the ${name} set; --show-misses lists them)`,
      );
    } else if (s.misses.length) {
      out.push(`\nmisses (${s.misses.length}): file — expected → got`);
      for (const m of s.misses) out.push(`  ${m.file} — ${m.expected} → ${m.got}`);
    }
  }
  const p = report.pinned;
  if (p)
    out.push(
      `\npinned (manifest.yml): ${pct(p.patternAccuracy)} exact pattern, ${p.misses.length} category misses`,
    );
  return out.join('\n');
}
