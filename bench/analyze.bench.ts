// npm run bench (first part) — `closed-loop analyze` on 10 MB and 100 MB logs of three shapes made of the
// corpus's real tool output (log-shapes.ts: synthetic, full CI jobs, dense failure outputs), side by side
// in one run with the seed's own algorithm (shared/bench/seed-naive.mjs) and the floors: reading the file
// (cat), one literal search (grep), Node decoding every line, and closed-loop's line reader with no
// diagnosis behind it (line-floors.ts). Each figure is one fresh process measured by /usr/bin/time (wall
// time, peak RSS), so no loader or earlier run counts. `--1gb` adds 1 GB logs; `--shapes=a,b`,
// `--sizes=10,100` and `--speed-only` run a part. Then: accuracy of both algorithms on the corpus, and the
// Action's size and start.
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { bundleOptions } from '../scripts/bundle-options.mjs';
import { analyzeText } from '../src/core/analyze/create-analyzer.js';
import { effectiveCatalogue } from '../src/core/patterns/effective-catalogue.js';
import { measureActionStart } from './action-start.js';
import { buildShape, SHAPES, type Shape } from './log-shapes.js';

const root = join(import.meta.dirname, '..');
const logs = join(root, 'test/fixtures/logs');
const data = join(root, 'bench/.data');
const sharedSeed = join(root, '../shared/bench/seed-naive.mjs');
const cli = join(root, 'dist/cli.js');
mkdirSync(data, { recursive: true });
for (const [file, fix] of [
  [sharedSeed, "the seed's algorithm lives in shared/ beside the project"],
  [cli, 'run `npm run build` first'],
] as const) {
  if (!existsSync(file)) {
    console.error(`bench: ${file} is missing: ${fix}`);
    process.exit(2);
  }
}
// The script runs its main part only when argv[1] is its own real path (shared/ may be a symlink).
const seedScript = realpathSync(sharedSeed);
const manifest = parse(readFileSync(join(logs, 'manifest.yml'), 'utf8')) as {
  file: string;
  expect: { pattern: string | null };
}[];

interface Figure {
  seconds: number;
  /** User and system CPU time: steadier than wall time on a shared machine. */
  cpu: number;
  rssMB: number;
  out: string;
  /** The analysis's time budget ran out (CLOSED_LOOP_ANALYSIS_SECONDS): the log's middle was skipped. */
  cut: boolean;
}

/** One command in a fresh process: wall time and peak RSS from GNU time, stdout kept (the verdict). */
function timed(cmd: string, args: string[]): Figure {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M %U %S', cmd, ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  const last = r.stderr.trim().split('\n').at(-1) ?? '';
  const [seconds, kb, user, sys] = last.split(' ').map(Number);
  if (seconds === undefined || kb === undefined || Number.isNaN(seconds))
    throw new Error(`bench: ${cmd} ${args.join(' ')} failed: ${r.stderr.slice(-500)}`);
  // A contender that printed no verdict did not run what it is timed for.
  if (r.status !== 0 || r.stdout.trim() === '')
    throw new Error(
      `bench: ${cmd} ${args.join(' ')} printed no result (exit ${r.status}): ${r.stderr.slice(-500)}`,
    );
  return {
    seconds,
    cpu: (user ?? 0) + (sys ?? 0),
    rssMB: kb / 1024,
    out: r.stdout.trim(),
    cut: /the analysis had [\d.]+ s/.test(r.stderr),
  };
}

const verdict = (json: string): string => {
  try {
    return (JSON.parse(json) as { pattern: string | null }).pattern ?? 'null';
  } catch {
    return json.slice(0, 40);
  }
};

// Bundled as the command is, so that it starts as plainly as the seed's script (no TypeScript loader).
const floors = join(data, 'line-floors.mjs');
await build({ ...bundleOptions, entryPoints: [join(root, 'bench/line-floors.ts')], outfile: floors });

const contenders: [string, (file: string) => Figure][] = [
  ['floor: cat', (file) => timed('sh', ['-c', 'cat "$0" > /dev/null && echo read', file])],
  ['floor: grep -ciF', (file) => timed('grep', ['-c', '-i', '-F', 'error TS', file])],
  ['floor: node lines', (file) => timed(process.execPath, [floors, 'lines', file])],
  ['floor: line reader', (file) => timed(process.execPath, [floors, 'reader', file])],
  ['seed-naive.mjs', (file) => timed(process.execPath, [seedScript, file])],
  ['closed-loop', (file) => timed(process.execPath, [cli, 'analyze', file, '--json'])],
];

/** `--shapes=dense,full-ci` and `--sizes=10,100` run a part of the table (profiling, a quick look). */
const arg = (name: string): string[] | null =>
  process.argv
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3)
    .split(',') ?? null;
const shapes = (arg('shapes') ?? SHAPES) as Shape[];
// `--1gb` adds the 1 GB logs to the sizes given (`--sizes=100 --1gb`: 100 MB and 1 GB).
const sizes = [
  ...new Set([
    ...(arg('sizes')?.map(Number) ?? [10, 100]),
    ...(process.argv.includes('--1gb') ? [1000] : []),
  ]),
];
for (const shape of shapes)
  if (!SHAPES.includes(shape)) throw new Error(`bench: no shape ${shape} (${SHAPES.join(', ')})`);

console.log("closed-loop analyze beside the seed's algorithm and the floors (one fresh process each)\n");
console.log('shape      log      contender           time      CPU       throughput   peak RSS   verdict');
for (const shape of shapes) {
  for (const mb of sizes) {
    const file = buildShape(shape, mb, data, logs);
    const size = statSync(file).size / 1e6;
    const row = (name: string, rest: string): void =>
      console.log(`${shape.padEnd(10)} ${`${mb} MB`.padEnd(8)} ${name.padEnd(19)} ${rest}`);
    for (const [name, run] of contenders) {
      // The seed's algorithm holds the log as one string: past V8's ~512 MB limit it cannot run at all.
      if (name === 'seed-naive.mjs' && size > 500) {
        row(name, "cannot run: the log is over V8's string limit");
        continue;
      }
      const r = run(file);
      const out = name.startsWith('floor') ? (r.out.split('\n')[0] ?? '') : verdict(r.out);
      // A fast wrong answer is no figure: the synthetic log's one failure is a tsc type error.
      if (shape === 'synthetic' && name === 'closed-loop' && out !== 'type-error')
        throw new Error(`bench: closed-loop answered ${out} on ${file}, not type-error`);
      row(
        name,
        `${`${r.seconds.toFixed(2)} s`.padEnd(9)} ${`${r.cpu.toFixed(2)} s`.padEnd(9)} ${`${(size / Math.max(r.seconds, 0.01)).toFixed(0)} MB/s`.padEnd(12)} ${`${r.rssMB.toFixed(0)} MB`.padEnd(10)} ${out}${r.cut ? ' (time budget spent: middle skipped)' : ''}`,
      );
    }
  }
}
if (process.argv.includes('--speed-only')) process.exit(0);

const { naiveAnalyze } = (await import(pathToFileURL(seedScript).href)) as {
  naiveAnalyze: (text: string) => { pattern: string | null };
};
const catalogue = effectiveCatalogue();
let ours = 0;
let seed = 0;
for (const e of manifest) {
  const text = readFileSync(join(logs, e.file), 'utf8');
  if (analyzeText(catalogue, text).pattern === e.expect.pattern) ours++;
  if (naiveAnalyze(text).pattern === e.expect.pattern) seed++;
}
const pct = (n: number): string => `${((100 * n) / manifest.length).toFixed(1)}%`;
console.log(`\naccuracy on the ${manifest.length}-log corpus (pattern of the first real cause):`);
console.log(
  `  closed-loop ${ours}/${manifest.length} (${pct(ours)})   seed-naive.mjs ${seed}/${manifest.length} (${pct(seed)})`,
);

const action = measureActionStart(root);
console.log(
  `\nthe Action: dist/action.js ${(action.entryBytes / 1e3).toFixed(1)} kB (${(action.startupBytes / 1e6).toFixed(2)} MB loaded by a run, ` +
    `${(action.totalBytes / 1e6).toFixed(2)} MB with the upload's chunk); first output ${action.firstOutputMs.toFixed(0)} ms ` +
    `after start (median of ${action.runs}), a bare \`node -e ''\` ${action.bareNodeMs.toFixed(0)} ms`,
);
writeFileSync(join(data, 'last-run.txt'), new Date().toISOString());
