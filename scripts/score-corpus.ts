// npm run corpus [-- --json] [-- --set dev|held-out|fresh|fresh2] [-- --show-misses] — the analyzer's figures
// on
// the labelled corpus. Held-out and fresh(2) logs are scored apart: they exist to check that tuning on the
// dev
// logs generalises, so their per-log misses are listed only with --show-misses (a list read is a list tuned
// on).
import { formatJson, formatText } from './corpus/format-report.js';
import { CORPUS_SETS, loadCorpus } from './corpus/load-corpus.js';
import { runCorpus } from './corpus/run-corpus.js';
import { score, type Scores } from './corpus/score.js';

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
const sets = Object.fromEntries(
  CORPUS_SETS.map((name) => [name, results.filter((r) => r.entry.set === name)]),
);
const pinned = results.filter((r) => r.entry.pinned);
const report: Record<string, Scores> = {};
for (const [name, rs] of Object.entries(sets))
  if ((!setArg || setArg === name) && rs.length) report[name] = score(rs);
if (!setArg) report.pinned = score(pinned);

console.log(json ? formatJson(report, { showMisses }) : formatText(report, { showMisses }));
