// The figures `npm run corpus` prints and docs/accuracy.md shows: each set scored apart, and the pinned
// logs (the original manifest.yml) as a set of their own.
import { CORPUS_SETS, type LoadedEntry } from './load-corpus.js';
import { runCorpus } from './run-corpus.js';
import { score, type Scores } from './score.js';

export function corpusReport(entries: LoadedEntry[], only?: string): Record<string, Scores> {
  const results = runCorpus(entries);
  const report: Record<string, Scores> = {};
  for (const name of CORPUS_SETS) {
    const rs = results.filter((r) => r.entry.set === name);
    if ((!only || only === name) && rs.length) report[name] = score(rs);
  }
  if (!only) report.pinned = score(results.filter((r) => r.entry.pinned));
  return report;
}
