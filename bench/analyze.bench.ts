// npm run bench — analyze throughput and peak memory on 10 MB and 100 MB logs built from the real tool
// outputs in test/fixtures/logs, beside the seed's naive algorithm; then accuracy of both on the corpus.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync, existsSync, openSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { analyzeText } from '../src/core/analyze/create-analyzer.js';
import { defaultPatterns } from '../src/core/patterns/default-catalogue.js';
import { effectiveCatalogue } from '../src/core/patterns/effective-catalogue.js';
import { naiveMatch } from './naive-match.js';

const root = join(import.meta.dirname, '..');
const logs = join(root, 'test/fixtures/logs');
const data = join(root, 'bench/.data');
mkdirSync(data, { recursive: true });
const manifest = parse(readFileSync(join(logs, 'manifest.yml'), 'utf8')) as { file: string; expect: { pattern: string | null } }[];

/** A CI log of `mb` megabytes: the real failure early, then green noise from the corpus's passing runs. */
function buildLog(mb: number): string {
  const file = join(data, `ci-${mb}mb.log`);
  if (existsSync(file) && statSync(file).size >= mb * 1e6) return file;
  const failure = readFileSync(join(logs, 'tsc/ts2322-assignability.log'), 'utf8');
  const noise = manifest.filter((e) => e.expect.pattern === null).map((e) => readFileSync(join(logs, e.file), 'utf8')).join('\n');
  const fd = openSync(file, 'w');
  let size = writeSync(fd, `##[group]Run npx tsc --noEmit\n${failure}\n##[endgroup]\n`);
  let n = 0;
  while (size < mb * 1e6) size += writeSync(fd, `##[group]Run shard ${++n}\n${noise}\n##[endgroup]\n`);
  closeSync(fd);
  return file;
}

const measure = (algo: string, file: string): { ms: number; maxRssMB: number; pattern: string | null } =>
  JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--import', './scripts/raw-hooks.mjs', 'bench/run-one.ts', algo, file], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 }));

console.log('closed-loop analyze benchmark (one fresh process per measurement)\n');
console.log('log      algorithm   time      throughput   peak RSS   pattern');
for (const mb of [10, 100]) {
  const file = buildLog(mb);
  const size = statSync(file).size / 1e6;
  for (const algo of ['streaming', 'naive']) {
    const r = measure(algo, file);
    console.log(`${`${mb} MB`.padEnd(8)} ${algo.padEnd(11)} ${`${(r.ms / 1000).toFixed(2)} s`.padEnd(9)} ${`${(size / (r.ms / 1000)).toFixed(1)} MB/s`.padEnd(12)} ${`${r.maxRssMB.toFixed(0)} MB`.padEnd(10)} ${r.pattern}`);
  }
}

const catalogue = effectiveCatalogue();
let ours = 0;
let naive = 0;
for (const e of manifest) {
  const text = readFileSync(join(logs, e.file), 'utf8');
  if (analyzeText(catalogue, text).pattern === e.expect.pattern) ours++;
  if (naiveMatch(text, defaultPatterns()).pattern === e.expect.pattern) naive++;
}
const pct = (n: number): string => `${((100 * n) / manifest.length).toFixed(1)}%`;
console.log(`\naccuracy on the ${manifest.length}-log real-output corpus (pattern of the first real cause):`);
console.log(`  closed-loop ${ours}/${manifest.length} (${pct(ours)})   seed's naive rule ${naive}/${manifest.length} (${pct(naive)})`);
writeFileSync(join(data, 'last-run.txt'), new Date().toISOString());
