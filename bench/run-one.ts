// One measurement in a fresh process, so peak RSS belongs to one algorithm on one log.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createAnalyzer } from '../src/core/analyze/create-analyzer.js';
import { defaultPatterns } from '../src/core/patterns/default-catalogue.js';
import { effectiveCatalogue } from '../src/core/patterns/effective-catalogue.js';
import { forEachLine } from '../src/runner/for-each-line.js';
import { naiveMatch } from './naive-match.js';

const [algo, file] = process.argv.slice(2) as ['streaming' | 'naive', string];
const start = process.hrtime.bigint();
let pattern: string | null;
if (algo === 'streaming') {
  const analyzer = createAnalyzer(effectiveCatalogue());
  await forEachLine(createReadStream(file, { highWaterMark: 1 << 20 }), analyzer.push);
  pattern = analyzer.finish().pattern;
} else {
  pattern = naiveMatch(await readFile(file, 'utf8'), defaultPatterns()).pattern;
}
const ms = Number(process.hrtime.bigint() - start) / 1e6;
process.stdout.write(JSON.stringify({ algo, ms, maxRssMB: process.resourceUsage().maxRSS / 1024, pattern }));
