// npm run corpus [-- --json] [-- --set dev|held-out|fresh|fresh2] [-- --show-misses] — the analyzer's figures
// on the labelled corpus. Held-out and fresh(2) logs are scored apart: they exist to check that tuning on
// the dev logs generalises, so their per-log misses are listed only with --show-misses (a list read is a
// list tuned on).
// npm run corpus -- --write   writes docs/accuracy.md from the figures (aggregates only); --check says
// whether the committed page is what a fresh run writes (exit 1 when stale).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { corpusReport } from './corpus/corpus-report.js';
import { ACCURACY_DOC, formatMarkdown } from './corpus/format-markdown.js';
import { formatJson, formatText } from './corpus/format-report.js';
import { CORPUS_SETS, devDir, loadCorpus } from './corpus/load-corpus.js';

const args = process.argv.slice(2);
const json = args.includes('--json');
const showMisses = args.includes('--show-misses');
const write = args.includes('--write');
const check = args.includes('--check');
const setArg = args.includes('--set') ? args[args.indexOf('--set') + 1] : undefined;
if (setArg !== undefined && !(CORPUS_SETS as readonly string[]).includes(setArg)) {
  console.error(`score-corpus: --set must be one of ${CORPUS_SETS.join(', ')}; got '${setArg ?? ''}'`);
  process.exit(2);
}
if ((write || check) && setArg !== undefined) {
  console.error('score-corpus: --write and --check cover every set; leave out --set');
  process.exit(2);
}

let entries;
try {
  entries = loadCorpus();
} catch (err) {
  console.error(`score-corpus: ${(err as Error).message}`);
  process.exit(2);
}
const report = corpusReport(entries, setArg);

if (write || check) {
  const floors = parse(readFileSync(join(devDir, 'floors.yml'), 'utf8')) as Record<string, number>;
  const page = formatMarkdown(report, floors);
  const target = join(import.meta.dirname, '..', ACCURACY_DOC);
  if (write) {
    writeFileSync(target, page);
    console.log(`score-corpus: wrote ${ACCURACY_DOC}`);
  } else {
    const committed = (() => {
      try {
        return readFileSync(target, 'utf8');
      } catch {
        return null;
      }
    })();
    if (committed !== page) {
      console.error(
        `score-corpus: ${ACCURACY_DOC} is stale; run \`npm run corpus -- --write\` and commit it`,
      );
      process.exit(1);
    }
    console.log(`score-corpus: ${ACCURACY_DOC} is what the corpus says`);
  }
} else {
  console.log(json ? formatJson(report, { showMisses }) : formatText(report, { showMisses }));
}
