// npm run bench (second part) — the App's per-delivery analysis of a failed job's log: diagnoseFailedJobs,
// the very function the App runs on a red workflow run, reading a 10 MB job log of each shape
// (log-shapes.ts) streamed in 64 KiB chunks as GitHub's download arrives, beside the seed's algorithm on the
// same text. The App is a long-running server: the figure is the median of 5 deliveries in one warm process
// (CPU time of this process; nothing else runs in it), after a first delivery of the shape, shown apart (it
// pays the JIT's warm-up for what earlier shapes did not use). Target (issue 27): ≤ 1 s a 10 MB log.
// For a profiler (CONTRIBUTING.md, "Measure the analyzer's speed"): `--shape=dense` reads one shape,
// `--runs=N` delivers it N times after the first, `--no-seed` leaves the seed's algorithm out.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppEnv } from '../src/app/app-env.js';
import { diagnoseFailedJobs } from '../src/app/diagnose-failed-jobs.js';
import { defaultConfig } from '../src/core/config/schema.js';
import { lineScanner } from '../src/core/analyze/line-scanner.js';
import { effectiveCatalogue } from '../src/core/patterns/effective-catalogue.js';
import { buildShape, SHAPES } from './log-shapes.js';

const root = join(import.meta.dirname, '..');
const data = join(root, 'bench/.data');
const logs = join(root, 'test/fixtures/logs');
const { naiveAnalyze } = (await import(pathToFileURL(join(root, '../shared/bench/seed-naive.mjs')).href)) as {
  naiveAnalyze: (text: string) => { pattern: string | null };
};
// Compiled with its scanner's tables before the first delivery, as the App does when it starts.
const catalogue = effectiveCatalogue();
lineScanner(catalogue);
const ci = { ...defaultConfig().ci, max_log_mb: 64 };
const option = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Number(option('runs') ?? 5);
const shapes = SHAPES.filter((s) => (option('shape') ?? s) === s);
const withSeed = !process.argv.includes('--no-seed');

/** An Octokit as far as reading a job's log goes: GitHub's answer is a stream of the log's bytes. */
function envServing(bytes: Uint8Array): AppEnv {
  const stream = (): ReadableStream<Uint8Array> => {
    let at = 0;
    return new ReadableStream({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, (at += 64 * 1024)));
      },
    });
  };
  return {
    octokit: { request: async () => ({ data: stream() }), paginate: async () => [] },
    log: { warn: () => undefined, info: () => undefined, error: () => undefined },
  } as unknown as AppEnv;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function cpuSeconds<T>(run: () => T): { seconds: number; result: T } {
  const start = process.cpuUsage();
  const result = run();
  const used = process.cpuUsage(start);
  return { seconds: (used.user + used.system) / 1e6, result };
}

console.log(
  "\nthe App's analysis of one failed job's 10 MB log (diagnoseFailedJobs; CPU; a first delivery, then the " +
    `median of ${RUNS})\n`,
);
console.log(
  `shape      App: first   ${`App: median of ${RUNS}`.padEnd(18)} seed-naive.mjs   verdict (closed-loop / seed)`,
);
for (const shape of shapes) {
  const bytes = readFileSync(buildShape(shape, 10, data, logs));
  const job = { id: 1, name: 'build', url: 'https://github.com/o/r/actions/runs/1/job/1', failedSteps: [] };
  const ours: number[] = [];
  let pattern: string | null = null;
  for (let i = 0; i <= RUNS; i++) {
    const start = process.cpuUsage();
    const [read] = await diagnoseFailedJobs(
      envServing(bytes),
      { owner: 'o', repo: 'r' },
      [job],
      catalogue,
      ci,
    );
    const used = process.cpuUsage(start);
    ours.push((used.user + used.system) / 1e6);
    pattern = read?.diagnosis?.pattern ?? null;
  }
  const seed = Array.from({ length: withSeed ? 5 : 0 }, () =>
    cpuSeconds(() => naiveAnalyze(new TextDecoder().decode(bytes))),
  );
  console.log(
    `${shape.padEnd(10)} ${`${ours[0]!.toFixed(2)} s`.padEnd(12)} ${(RUNS > 0 ? `${median(ours.slice(1)).toFixed(2)} s` : '-').padEnd(18)} ${(withSeed ? `${median(seed.map((s) => s.seconds)).toFixed(2)} s` : '-').padEnd(16)} ${pattern} / ${seed[0]?.result.pattern ?? '-'}`,
  );
}
