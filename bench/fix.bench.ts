// npm run bench:fix (and the last part of npm run bench) — the fix benchmark: real projects built from
// real registry packages, one realistic break each (bench/fix-cases.ts), run through `closed-loop run`.
// Each case is scored against what an expert expects: the verdict, the loop's commits and the files
// each may touch, the checks left failing, and CI on a fresh clone (installed from what the commits
// declare). A wrong fix is a commit touching a file the fix had no business with, a commit no expert
// would make, a dependency declared in the wrong place, or a fix that does not hold on a fresh clone.
// `--only name[,name]` runs some cases. Exit status 1 when any case is off or any fix is wrong.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { LoopResultSchema } from '../src/core/loop-result.js';
import { git } from '../test/helpers/temp-repo.js';
import { CASES, pipEnv, type FixCase } from './fix-cases.js';

const root = join(import.meta.dirname, '..');
const only = process.argv.includes('--only')
  ? (process.argv[process.argv.indexOf('--only') + 1] ?? '').split(',')
  : null;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  // pnpm and yarn are closed-loop's devDependencies (corepack would fetch them from the network).
  PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`,
  NO_COLOR: '1',
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  ...pipEnv(),
};

interface Score {
  name: string;
  stack: string;
  expected: string;
  got: string;
  commits: string;
  wrong: string[];
  off: string[];
  seconds: number;
}

function score(c: FixCase): Score {
  const dir = mkdtempSync(join(tmpdir(), `closed-loop-fix-${c.name}-`));
  const off: string[] = [];
  const wrong: string[] = [];
  try {
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'config', 'user.name', 'Bench');
    git(dir, 'config', 'user.email', 'bench@example.invalid');
    c.build(dir, env);
    const base = git(dir, 'rev-parse', 'HEAD');
    const started = performance.now();
    const r = spawnSync(process.execPath, [join(root, 'dist/cli.js'), 'run', '--json'], {
      cwd: dir,
      env,
      encoding: 'utf8',
    });
    const seconds = (performance.now() - started) / 1000;
    const result = LoopResultSchema.parse(JSON.parse(r.stdout || '{}'));
    const shas = git(dir, 'rev-list', '--reverse', `${base}..HEAD`).split('\n').filter(Boolean);
    if (result.status !== c.expected.status)
      off.push(`verdict ${result.status}, expected ${c.expected.status}`);
    shas.forEach((sha, i) => {
      const message = git(dir, 'log', '-1', '--format=%s', sha);
      const files = git(dir, 'show', '--name-only', '--format=', sha).split('\n').filter(Boolean);
      const want = c.expected.commits[i];
      if (!want || !want.message.test(message)) {
        wrong.push(
          `commit ${sha.slice(0, 7)} "${message}" (${files.join(', ')}) is not one an expert would make`,
        );
        return;
      }
      for (const f of files.filter((f) => !want.files.includes(f)))
        wrong.push(`commit ${sha.slice(0, 7)} touches ${f}`);
    });
    if (shas.length < c.expected.commits.length)
      off.push(`${shas.length} commit(s), expected ${c.expected.commits.length}`);
    const failing = (result.failing_checks ?? []).map((f) => f.name);
    if (result.status !== 'success' && failing.join() !== c.expected.failing.join())
      off.push(`still failing: ${failing.join(', ') || 'none'}; expected ${c.expected.failing.join(', ')}`);
    wrong.push(...(c.wrong?.(dir) ?? []));
    // CI on a fresh clone: what the commits declare is installed, and the fixed checks pass.
    const fresh = mkdtempSync(join(tmpdir(), `closed-loop-fix-${c.name}-fresh-`));
    try {
      git(fresh, 'clone', '-q', dir, '.');
      c.fresh(fresh, env);
    } catch (err) {
      const out = (err as { stderr?: Buffer; stdout?: Buffer }).stderr?.toString() ?? String(err);
      wrong.push(`CI on a fresh clone fails: ${out.trim().split('\n').slice(-3).join(' / ')}`);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
    return {
      name: c.name,
      stack: c.stack,
      expected: `${c.expected.status}, ${c.expected.commits.length} commit(s)`,
      got: `${result.status}, ${shas.length} commit(s)`,
      commits: shas.map((s) => s.slice(0, 7)).join(' '),
      wrong,
      off,
      seconds,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const scores: Score[] = [];
for (const c of CASES.filter((x) => only === null || only.includes(x.name))) {
  process.stderr.write(`fix bench: ${c.name} (${c.built}; ${c.brk}) … `);
  let s: Score;
  try {
    s = score(c);
  } catch (err) {
    s = {
      name: c.name,
      stack: c.stack,
      expected: c.expected.status,
      got: 'error',
      commits: '',
      wrong: [],
      off: [(err as Error).message.split('\n')[0] ?? ''],
      seconds: 0,
    };
  }
  process.stderr.write(
    `${s.off.length === 0 && s.wrong.length === 0 ? 'as expected' : 'OFF'} (${s.seconds.toFixed(1)} s)\n`,
  );
  scores.push(s);
}

const rows = scores.map(
  (s) =>
    `| ${s.name} | ${s.stack} | ${s.expected} | ${s.got} | ${s.wrong.length} | ${s.seconds.toFixed(1)} s | ${[...s.off, ...s.wrong].join('; ') || '—'} |`,
);
const table = [
  '| case | stack | an expert expects | closed-loop did | wrong fixes | time | notes |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...rows,
].join('\n');
const asExpected = scores.filter((s) => s.off.length === 0 && s.wrong.length === 0).length;
const wrongTotal = scores.reduce((n, s) => n + s.wrong.length, 0);
console.log(
  `\nclosed-loop fix benchmark: ${asExpected} of ${scores.length} cases as an expert expects; ${wrongTotal} wrong fix(es)\n\n${table}\n`,
);
mkdirSync(join(root, 'bench/.data'), { recursive: true });
writeFileSync(join(root, 'bench/.data/fix-bench.json'), `${JSON.stringify(scores, null, 2)}\n`);
if (asExpected < scores.length || wrongTotal > 0) process.exit(1);
