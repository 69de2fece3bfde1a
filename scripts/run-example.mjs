// npm run example -- <name>: runs `closed-loop run` on a copy of examples/<name> in a temporary git
// repository, so the loop's fix commits never land in closed-loop's own history.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';

const root = join(import.meta.dirname, '..');
const examples = readdirSync(join(root, 'examples'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'logs')
  .map((d) => d.name);
const [name = 'lint-autofix', ...rest] = process.argv.slice(2);
if (!examples.includes(name)) {
  console.error(`run-example: no example "${name}"; the examples are ${examples.join(', ')}`);
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), `closed-loop-${name}-`));
cpSync(join(root, 'examples', name), dir, { recursive: true });
// The examples use closed-loop's own eslint, prettier and typescript (its devDependencies). The
// missing-dependency example must not see them: it installs what it lacks from the registry.
if (name !== 'missing-dependency' && !existsSync(join(dir, 'node_modules')))
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
const git = (...args) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
git('init', '-q', '-b', 'main');
execFileSync('sh', ['-c', 'printf "node_modules\\n" > .gitignore'], { cwd: dir });
git('add', '-A');
git(
  '-c',
  'user.name=closed-loop example',
  '-c',
  'user.email=example@closed-loop.invalid',
  'commit',
  '-q',
  '-m',
  `example: ${name}`,
);
console.error(`run-example: ${name} copied to ${dir} (a fresh git repository)\n`);
const result = spawnSync(process.execPath, [join(root, 'dist/cli.js'), 'run', '--cwd', dir, ...rest], {
  stdio: 'inherit',
});
console.error(
  `\nrun-example: the repository is still there: cd ${dir} && git log --oneline && ls .git/closed-loop (the loop's state and reports)`,
);
process.exit(result.status ?? 1);
