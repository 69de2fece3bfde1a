// npm run bench (second part) — the overhead of `closed-loop run` on an all-green project, against
// running the same check commands by hand one after another. Median of several runs each.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const RUNS = 5;

const dir = mkdtempSync(join(tmpdir(), 'closed-loop-bench-run-'));
cpSync(join(root, 'examples/lint-autofix'), dir, { recursive: true });
// The example with its failures already fixed: an all-green project.
writeFileSync(
  join(dir, 'src/cart.js'),
  `// An all-green copy of the lint-autofix example.
export function total(items) {
  let sum = 0;
  for (const item of items) sum += item.price * item.quantity;
  return sum;
}

export function isEmpty(items) {
  return items.length === 0;
}
`,
);
symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
writeFileSync(join(dir, '.gitignore'), 'node_modules\n');
execFileSync('sh', ['-c', 'npx prettier --write src >/dev/null'], { cwd: dir });
const git = (...args: string[]): void => void execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
git('init', '-q', '-b', 'main');
git('add', '-A');
git('-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', 'commit', '-q', '-m', 'green');

const time = (fn: () => void): number => {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const sh = (command: string): void => {
  const r = spawnSync('sh', ['-c', command], { cwd: dir, stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`${command} failed in the green project`);
};

const byHand: number[] = [];
const loop: number[] = [];
for (let i = 0; i < RUNS; i++) {
  byHand.push(
    time(() => {
      sh('npm run -s lint');
      sh('npm test -s');
    }),
  );
  loop.push(
    time(() => {
      const r = spawnSync(process.execPath, [join(root, 'dist/cli.js'), 'run', '--json'], {
        cwd: dir,
        encoding: 'utf8',
      });
      if (r.status !== 0) throw new Error(`closed-loop run failed on the green project:\n${r.stderr}`);
    }),
  );
}
const [hand, cl] = [median(byHand), median(loop)];
console.log(`\nclosed-loop run overhead on an all-green project (checks lint + test; median of ${RUNS})`);
console.log(`  the checks by hand, one after another   ${(hand / 1000).toFixed(2)} s`);
console.log(`  closed-loop run                         ${(cl / 1000).toFixed(2)} s`);
console.log(
  `  ratio                                   ${(cl / hand).toFixed(2)}×  (closed-loop runs independent checks in parallel)`,
);
rmSync(dir, { recursive: true, force: true });
