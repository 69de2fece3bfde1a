// The Action's weight and start: the bundle's sizes, and the time from `node dist/action.js` to its
// first line of output, in a small green repository (the first line is the loop's own progress).
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface ActionStart {
  entryBytes: number;
  startupBytes: number;
  totalBytes: number;
  firstOutputMs: number;
  bareNodeMs: number;
  runs: number;
}

const RUNS = 7;

export function measureActionStart(root: string): ActionStart {
  const entry = join(root, 'dist/action.js');
  // What a run loads: the entry, the chunks it imports (statically, or the loop's own dynamic import)
  // and theirs, but not the upload's chunk, which loads only when it uploads.
  const imported = (file: string): string[] =>
    [...readFileSync(file, 'utf8').matchAll(/(?:^} from |^import |await import\()"(\.\.?\/[^"]+\.js)"/gm)]
      .map((m) => join(dirname(file), m[1] as string))
      .filter((f) => !/[\\/]artifact-[^/\\]+\.js$/.test(f));
  const loaded = new Set<string>([entry]);
  for (const file of loaded) for (const next of imported(file)) loaded.add(next);
  const staticChunks = [...loaded].slice(1);
  const chunkDir = join(root, 'dist/action');
  const all = [entry, ...(existsSync(chunkDir) ? readdirSync(chunkDir) : []).map((f) => join(chunkDir, f))];
  const size = (files: string[]): number => files.reduce((n, f) => n + statSync(f).size, 0);
  const dir = mkdtempSync(join(tmpdir(), 'closed-loop-bench-action-'));
  try {
    mkdirSync(join(dir, '.github'));
    writeFileSync(
      join(dir, '.github/closed-loop.yml'),
      'version: 1\nchecks:\n  - { name: ok, type: test, command: "true" }\n',
    );
    execFileSync(
      'sh',
      ['-c', 'git init -q -b main && git add -A && git -c user.name=b -c user.email=b@b commit -qm init'],
      { cwd: dir },
    );
    const env = {
      ...process.env,
      GITHUB_WORKSPACE: dir,
      RUNNER_TEMP: dir,
      INPUT_TOKEN: '',
      'INPUT_WORKING-DIRECTORY': '.',
      'INPUT_FAIL-ON': 'never',
    };
    return {
      entryBytes: statSync(entry).size,
      startupBytes: size([entry, ...new Set(staticChunks)]),
      totalBytes: size(all),
      firstOutputMs: median(RUNS, () => firstOutput([entry], env, dir)),
      bareNodeMs: median(RUNS, () => firstOutput(['-e', 'console.log(1)'], env, dir)),
      runs: RUNS,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function median(runs: number, one: () => number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(one());
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)] ?? NaN;
}

/** Milliseconds from spawning node to the first byte it writes (stdout or stderr). */
function firstOutput(args: string[], env: NodeJS.ProcessEnv, cwd: string): number {
  const script = `const { spawn } = require('node:child_process');
const t0 = process.hrtime.bigint();
const c = spawn(process.execPath, ${JSON.stringify(args)}, { cwd: ${JSON.stringify(cwd)}, stdio: ['ignore', 'pipe', 'pipe'] });
let seen = false;
const first = () => { if (!seen) { seen = true; process.stdout.write(String(Number(process.hrtime.bigint() - t0) / 1e6)); } };
c.stdout.once('data', first); c.stderr.once('data', first);
c.stdout.resume(); c.stderr.resume();`;
  return Number(execFileSync(process.execPath, ['-e', script], { env, cwd: dirname(cwd), encoding: 'utf8' }));
}
