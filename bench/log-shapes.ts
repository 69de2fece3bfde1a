// The three shapes of log `npm run bench` times the analyzer on, built deterministically from the corpus's
// dev logs (test/fixtures/logs) into bench/.data (gitignored), once per size:
// - synthetic: one tsc failure in a GitHub Actions step, then green noise (the byte scanner skips most);
// - full CI: every CI job log of the corpus (GitHub Actions, GitLab, Travis, Jenkins, CircleCI, Azure,
//   Buildkite framing), green jobs included, concatenated in the manifests' order, again and again;
// - dense: the failure outputs only (a tool alone, or under npm/make/Maven/Gradle), where most lines are
//   candidates for something.
import { closeSync, existsSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { loadCorpus } from '../scripts/corpus/load-corpus.js';

export const SHAPES = ['synthetic', 'full-ci', 'dense'] as const;
export type Shape = (typeof SHAPES)[number];

const CI_WRAPPERS = new Set([
  'github-actions',
  'gitlab',
  'travis',
  'jenkins',
  'circleci',
  'azure',
  'buildkite',
]);

/** A dev log's bytes as one file of a concatenation: UTF-8 only, no byte-order mark, ending in a newline. */
function logBytes(path: string): Buffer | null {
  let bytes = readFileSync(path);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return null; // UTF-16: not one log's bytes among others
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
  return bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a
    ? Buffer.concat([bytes, Buffer.from('\n')])
    : bytes;
}

function parts(shape: Exclude<Shape, 'synthetic'>): Buffer[] {
  const dev = loadCorpus().filter((e) => e.set === 'dev');
  const chosen =
    shape === 'full-ci'
      ? dev.filter((e) => CI_WRAPPERS.has(e.wrapper))
      : dev.filter((e) => !CI_WRAPPERS.has(e.wrapper) && e.expect.pattern !== null);
  return chosen.map((e) => logBytes(e.path)).filter((b): b is Buffer => b !== null);
}

/** The synthetic log (v2): the real failure early, its step closed as GitHub Actions closes a failing one. */
function writeSynthetic(fd: number, mb: number, logs: string): void {
  const failure = readFileSync(join(logs, 'tsc/ts2322-assignability.log'), 'utf8');
  const noise = loadCorpus()
    .filter((e) => e.set === 'dev' && e.pinned && e.expect.pattern === null)
    .map((e) => readFileSync(e.path, 'utf8'))
    .join('\n');
  let size = writeSync(
    fd,
    `##[group]Run npx tsc --noEmit\n${failure}\n##[endgroup]\n##[error]Process completed with exit code 2.\n`,
  );
  let n = 0;
  while (size < mb * 1e6) size += writeSync(fd, `##[group]Run shard ${++n}\n${noise}\n##[endgroup]\n`);
}

const FILE_NAMES: Record<Shape, string> = { synthetic: 'ci-v2', 'full-ci': 'full-ci-v1', dense: 'dense-v1' };

/** The log of this shape and size (at least `mb` megabytes), built once into `data`. */
export function buildShape(shape: Shape, mb: number, data: string, logs: string): string {
  const file = join(data, `${FILE_NAMES[shape]}-${mb}mb.log`);
  if (existsSync(file) && statSync(file).size >= mb * 1e6) return file;
  const fd = openSync(file, 'w');
  try {
    if (shape === 'synthetic') writeSynthetic(fd, mb, logs);
    else {
      const all = parts(shape);
      let size = 0;
      for (let i = 0; size < mb * 1e6; i = (i + 1) % all.length) size += writeSync(fd, all[i]!);
    }
  } finally {
    closeSync(fd);
  }
  return file;
}
