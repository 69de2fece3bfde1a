import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../cli/run-cli.js';
import { git, tempRepos, writeFiles } from '../helpers/temp-repo.js';

const repos = tempRepos();
const configs = mkdtempSync(join(tmpdir(), 'closed-loop-kill-configs-'));
afterAll(() => rmSync(configs, { recursive: true, force: true }));

const MARK = 'closed-loop-slow-fixer-7f3a';
const slow = join(configs, 'slow.yml');
const green = join(configs, 'green.yml');
writeFileSync(
  slow,
  `version: 1\nchecks:\n  - name: lint\n    type: lint\n    command: "grep -q fixed a.txt"\n    fix_command: ${JSON.stringify(`echo fixer-was-here >> a.txt; echo junk > leftover.txt; echo scribble >> notes.txt; sleep 60 # ${MARK}`)}\n`,
);
writeFileSync(green, 'version: 1\nchecks:\n  - name: lint\n    type: lint\n    command: "true"\n');

const groupAlive = (): boolean => spawnSync('pgrep', ['-f', MARK]).status === 0;

/** Resolves once the slow fixer has written its leftover in `dir` and is still running. */
const fixerRunning = (dir: string): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the fixer never started')), 30_000);
    const poll = setInterval(() => {
      if (existsSync(join(dir, 'leftover.txt')) && groupAlive()) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve();
      }
    }, 100);
  });

describe('kill -9 during a fix', () => {
  it("the next run puts back the user's uncommitted edits exactly, removes the fixer's leftovers and its processes", async () => {
    const dir = repos({ 'a.txt': 'committed\n' });
    writeFiles(dir, {
      'a.txt': "committed\nthe user's own edit\n",
      'notes.txt': 'untracked notes of the user\n',
    });
    const child = spawn(process.execPath, [CLI, 'run', '--allow-dirty', '--config', slow], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1' },
    });
    await fixerRunning(dir);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.on('close', resolve));
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toContain('fixer-was-here'); // half-applied, as a crash leaves it
    expect(groupAlive()).toBe(true); // and the fixer still running, orphaned

    const r = spawnSync(process.execPath, [CLI, 'run', '--allow-dirty', '--config', green], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 60_000,
    });
    expect(r.stderr).toMatch(/closed-loop: ended process group \d+, left running by a run that was killed/);
    expect(r.stderr).toMatch(
      /closed-loop: undid the unfinished fix of a run that was killed \(pid \d+\): 3 file\(s\) put back/,
    );
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe("committed\nthe user's own edit\n");
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('untracked notes of the user\n');
    expect(existsSync(join(dir, 'leftover.txt'))).toBe(false);
    expect(groupAlive()).toBe(false);
    expect(git(dir, 'log', '--format=%s')).toBe('initial');
  }, 90_000);

  it('a second Ctrl-C stops at once and says so; what the user writes before the next run is not lost', async () => {
    const dir = repos({ 'a.txt': 'committed\n' });
    const child = spawn(process.execPath, [CLI, 'run', '--config', slow], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    await fixerRunning(dir);
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.kill('SIGINT');
    setTimeout(() => child.kill('SIGINT'), 20);
    expect(await closed).toBe(130);
    expect(stderr).toContain('Ctrl-C again stops at once');
    expect(stderr).toMatch(/stopped at once\. A fix it was making may be left half done in the tree/);
    expect(groupAlive()).toBe(false); // the fixer did not outlive it
    // Half a fix in the tree; the user, not knowing, goes on writing.
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toContain('fixer-was-here');
    writeFiles(dir, {
      'a.txt': 'committed\nfixer-was-here\nthe user wrote this after the stop\n',
      'new.txt': 'a new file\n',
    });

    const r = spawnSync(process.execPath, [CLI, 'run', '--allow-dirty', '--config', green], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /undid the unfinished fix of a run that was killed \(pid \d+\): \d+ file\(s\) put back as they were before it \(.*a\.txt/,
    );
    const ref = /is kept under (refs\/closed-loop\/found-after-kill\/\S+);/.exec(r.stderr)?.[1];
    expect(ref, r.stderr).toBeDefined();
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('committed\n');
    // Nothing the user wrote is lost: the command the run printed brings it back.
    git(dir, 'restore', `--source=${ref}`, '--worktree', '--', 'a.txt', 'new.txt');
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toContain('the user wrote this after the stop');
    expect(readFileSync(join(dir, 'new.txt'), 'utf8')).toBe('a new file\n');
  }, 90_000);
});
