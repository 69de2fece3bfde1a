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
let decoded = 0;
let skipped = 0;
let units = 0;

/** closed-loop's reader, its catalogue compiled as the analyzer's is (part of its start). */
function readerFloor(): void {
  const scanner = lineScanner(effectiveCatalogue());
  if (scanner === null) throw new Error('line-floors: the built-in catalogue has no byte scanner');
  const sink = {
    line: (raw: string) => {
      decoded++;
      units += raw.length;
    },
    quiet: () => void skipped++,
    busy: () => false,
    watching: () => 0,
  };
  const feed = feedBytes(sink, () => scanner, 0);
  for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) feed.push(chunk.subarray(0, n));
  feed.end();
}

/** Every line decoded, nothing else. */
function linesFloor(): void {
  const decoder = new TextDecoder();
  const take = (bytes: Uint8Array): void => {
    units += decoder.decode(bytes).length;
    decoded++;
  };
  let carry = new Uint8Array(0);
  for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) {
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, n)]) : chunk.subarray(0, n);
    let start = 0;
    for (let nl = bytes.indexOf(10); nl !== -1; nl = bytes.indexOf(10, start)) {
      take(bytes.subarray(start, nl));
      start = nl + 1;
    }
    carry = bytes.slice(start);
  }
  if (carry.length > 0) take(carry);
}

if (mode === 'reader') readerFloor();
else linesFloor();
console.log(`${decoded} lines decoded, ${skipped} skipped (${units} UTF-16 units)`);
