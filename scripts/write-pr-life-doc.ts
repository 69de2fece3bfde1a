/**
 * Writes the generated examples into docs/pull-request-life.md (between its two markers).
 *   npm run docs:pr-life
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { GENERATED_END, GENERATED_START, renderPrLifeExamples } from './pr-life-examples.js';

const target = fileURLToPath(new URL('../docs/pull-request-life.md', import.meta.url));

const page = await readFile(target, 'utf8');
const start = page.indexOf(GENERATED_START);
const end = page.indexOf(GENERATED_END);
if (start < 0 || end < start) {
  console.error(`${target}: the markers of the generated examples are missing`);
  process.exit(1);
}
await writeFile(
  target,
  `${page.slice(0, start)}${renderPrLifeExamples()}${page.slice(end + GENERATED_END.length)}`,
);
console.log(`wrote the examples into ${target}`);
