// npm run corpus [-- --json] [-- --set dev|held-out|fresh] [-- --show-misses] — the analyzer's figures on
// the labelled corpus. Held-out and fresh logs are scored apart: they exist to check that tuning on the dev
// logs generalises, so their per-log misses are listed only with --show-misses (a list read is a list tuned on).
import { CORPUS_SETS, HIDDEN_SETS, loadCorpus, type CorpusSet } from './corpus/load-corpus.js';
import { runCorpus } from './corpus/run-corpus.js';
import { score, type Ratio, type Scores } from './corpus/score.js';

const args = process.argv.slice(2);
const json = args.includes('--json');
const showMisses = args.includes('--show-misses');
const setArg = args.includes('--set') ? args[args.indexOf('--set') + 1] : undefined;
if (setArg !== undefined && !(CORPUS_SETS as readonly string[]).includes(setArg)) {
  console.error(`score-corpus: --set must be one of ${CORPUS_SETS.join(', ')}; got '${setArg ?? ''}'`);
  process.exit(2);
}

let entries;
try {
  entries = loadCorpus();
} catch (err) {
  console.error(`score-corpus: ${(err as Error).message}`);
  process.exit(2);
}
const results = runCorpus(entries);
const sets = Object.fromEntries(CORPUS_SETS.map((name) => [name, results.filter((r) => r.entry.set === name)]));
const pinned = results.filter((r) => r.entry.pinned);
const report: Record<string, Scores> = {};
for (const [name, rs] of Object.entries(sets)) if ((!setArg || setArg === name) && rs.length) report[name] = score(rs);
if (!setArg) report.pinned = score(pinned);

const hidden = (name: string): boolean => !showMisses && HIDDEN_SETS.includes(name as CorpusSet);
if (json) {
  const shown = Object.fromEntries(
    Object.entries(report).map(([name, s]) => [name, hidden(name) ? { ...s, misses: `${s.misses.length} (hidden; add --show-misses)` } : s]),
  );
  console.log(JSON.stringify(shown, null, 2));
} else {
  const pct = (r: Ratio): string => (r.rate === null ? '   -  ' : `${(100 * r.rate).toFixed(1).padStart(5)}%`) + ` (${r.hit}/${r.of})`;
  for (const [name, s] of Object.entries(report)) {
    if (name === 'pinned') continue;
    console.log(`\n=== ${name}: ${s.logs} logs ===`);
    console.log(`category accuracy     ${pct(s.categoryAccuracy)}`);
    console.log(`  raw tool output     ${pct(s.rawAccuracy)}`);
    console.log(`  in CI framing       ${pct(s.wrappedAccuracy)}`);
    console.log(`pattern accuracy      ${pct(s.patternAccuracy)}`);
    console.log(`unknown (failing)     ${pct(s.unknownRate)}`);
    console.log(`location precision    ${pct(s.locationPrecision)}`);
    console.log(`location recall       ${pct(s.locationRecall)}`);
    console.log(`evidence overlap      ${pct(s.evidenceOverlap)}`);
    console.log('\nper ecosystem (category accuracy)');
    for (const [k, r] of Object.entries(s.byEcosystem)) console.log(`  ${k.padEnd(12)} ${pct(r)}`);
    console.log('\nper wrapper (category accuracy)');
    for (const [k, r] of Object.entries(s.byWrapper)) console.log(`  ${k.padEnd(14)} ${pct(r)}`);
    console.log('\nper category             precision              recall');
    for (const [k, r] of Object.entries(s.byCategory)) console.log(`  ${k.padEnd(12)} ${pct(r.precision).padEnd(22)} ${pct(r.recall)}`);
    if (s.misses.length && hidden(name)) {
      console.log(`\nmisses: ${s.misses.length} (per-log list hidden for the ${name} set; --show-misses lists them)`);
    } else if (s.misses.length) {
      console.log(`\nmisses (${s.misses.length}): file — expected → got`);
      for (const m of s.misses) console.log(`  ${m.file} — ${m.expected} → ${m.got}`);
    }
  }
  const p = report.pinned;
  if (p) console.log(`\npinned (manifest.yml): ${pct(p.patternAccuracy)} exact pattern, ${p.misses.length} category misses`);
}
