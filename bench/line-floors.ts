// Two floors for `npm run bench` (issue 27): what reading a log line by line costs in this runtime before
// any diagnosis, so the analyzer's figures can be read against what its design can reach at best.
// - `lines`: Node splits the log into lines in 64 KiB chunks and decodes every line to a string;
// - `reader`: closed-loop's own front end (feedBytes with the catalogue's byte scanner) and nothing behind
//   it: every line's literals found, the lines holding one decoded, the rest kept as quiet lines.
// The bench bundles this file (bench/.data/line-floors.mjs) so that it starts as plainly as the seed's
// script. Usage: node line-floors.mjs lines|reader FILE — prints the lines read.
import { openSync, readSync } from 'node:fs';
import { feedBytes } from '../src/core/analyze/feed-bytes.js';
import { lineScanner } from '../src/core/analyze/line-scanner.js';
import { effectiveCatalogue } from '../src/core/patterns/effective-catalogue.js';

const [mode, file] = process.argv.slice(2);
if ((mode !== 'lines' && mode !== 'reader') || file === undefined) {
  console.error('usage: node line-floors.mjs lines|reader FILE');
  process.exit(2);
}
const fd = openSync(file, 'r');
const chunk = new Uint8Array(64 * 1024);
const decoder = new TextDecoder();
let decoded = 0;
let skipped = 0;
let units = 0;
// The reader's catalogue is compiled as the analyzer's is (part of its start); the plain split needs none.
const scanner = mode === 'reader' ? lineScanner(effectiveCatalogue()) : null;
if (mode === 'reader' && scanner === null)
  throw new Error('line-floors: the built-in catalogue has no byte scanner');
const feed = feedBytes(
  {
    line: (raw) => {
      decoded++;
      units += raw.length;
    },
    quiet: () => void skipped++,
    busy: () => false,
    watching: () => 0,
  },
  () => scanner!,
  0,
);
let carry = new Uint8Array(0);
for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) {
  if (mode === 'reader') {
    feed.push(chunk.subarray(0, n));
    continue;
  }
  const bytes = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, n)]) : chunk.subarray(0, n);
  let start = 0;
  for (let nl = bytes.indexOf(10); nl !== -1; nl = bytes.indexOf(10, start)) {
    units += decoder.decode(bytes.subarray(start, nl)).length;
    decoded++;
    start = nl + 1;
  }
  carry = bytes.slice(start);
}
if (mode === 'reader') feed.end();
else if (carry.length > 0) decoded++;
console.log(`${decoded} lines decoded, ${skipped} skipped (${units} UTF-16 units)`);
