import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI } from '../cli/run-cli.js';
import { createTempRepo, git, REPO_ROOT } from '../helpers/temp-repo.js';

export { git };

/** A temp git repo holding a copy of examples/<name>, committed, with closed-loop's node_modules linked. */
export function exampleRepo(name: string, options: { linkNodeModules?: boolean } = {}): string {
  const dir = createTempRepo({}, { linkNodeModules: options.linkNodeModules ?? true, commit: false });
  cpSync(join(REPO_ROOT, 'examples', name), dir, { recursive: true });
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', `example ${name}`);
  return dir;
}

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `closed-loop run` through the bundled CLI, as a user's shell runs it. */
export function runClosedLoop(cwd: string, args: string[] = []): CliRun {
  const r = spawnSync(process.execPath, [CLI, 'run', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 120_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Starts a run and sends SIGINT once `marker` appears on stderr. */
export function interruptRun(cwd: string, marker: RegExp): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'run'], { cwd, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    let sent = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d;
      if (!sent && marker.test(stderr)) {
        sent = true;
        setTimeout(() => child.kill('SIGINT'), 300);
      }
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

export const read = (dir: string, rel: string): string => readFileSync(join(dir, rel), 'utf8');
export const exists = (dir: string, rel: string): boolean => existsSync(join(dir, rel));
export const commitsSince = (dir: string, base: string): string[] =>
  git(dir, 'log', '--format=%s', `${base}..HEAD`).split('\n').filter(Boolean);
export const isClean = (dir: string): boolean => git(dir, 'status', '--porcelain') === '';
export const processAlive = (pattern: string): boolean => spawnSync('pgrep', ['-f', pattern]).status === 0;
