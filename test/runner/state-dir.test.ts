import { mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadState, NoStateError, saveState } from '../../src/runner/loop-driver/artifacts.js';
import { acquireRunLock } from '../../src/runner/loop-driver/run-lock.js';
import { displayPath, resolveStateDir, StateDirError } from '../../src/runner/state-dir.js';
import { ensureIgnored } from '../../src/runner/git/repo.js';
import { ConfigLoadError } from '../../src/runner/load-config.js';
import { createLoopState } from '../../src/core/loop/create-loop-state.js';
import { tempRepos } from '../helpers/temp-repo.js';

const repo = tempRepos();
const stored = (cwd: string) => ({
  loop: createLoopState({
    task_id: 't-1',
    task_type: 'bug_fix',
    complexity: 'medium',
    description: 'make lint pass',
    max_retries: null,
    at: '2026-01-01T00:00:00.000Z',
  }),
  run: { cwd, start_sha: null, fix_commits: [], updated_at: '2026-01-01T00:00:00.000Z' },
});

describe('the state folder', () => {
  it('is closed-loop/ in the git directory by default, or the folder the user names, relative to the root', async () => {
    const dir = realpathSync(repo({ 'a.txt': 'a' }));
    expect(await resolveStateDir(dir)).toBe(join(dir, '.git/closed-loop'));
    expect(await resolveStateDir(dir, 'reports/loop')).toBe(join(dir, 'reports/loop'));
    expect(await resolveStateDir(dir, '/elsewhere/loop', { kind: 'flag' })).toBe('/elsewhere/loop');
    expect(displayPath(dir, join(dir, '.git/closed-loop/dead-letter-t.md'))).toBe(
      '.git/closed-loop/dead-letter-t.md',
    );
    expect(displayPath(dir, '/elsewhere/loop/x.md')).toBe('/elsewhere/loop/x.md');
  });

  it('is confined: never a folder of the user, never through a link, never outside from the config', async () => {
    const dir = realpathSync(repo({ 'src/a.ts': 'a', 'src/.gitignore': 'dist\n', 'docs/x.md': 'x' }));
    const config = (named: string) => resolveStateDir(dir, named, { kind: 'config', file: 'ci/loop.yml' });
    await expect(config('src')).rejects.toThrow(
      new ConfigLoadError(
        'ci/loop.yml: state_dir "src": src is a folder of the work tree that closed-loop did not make ' +
          '(it holds .gitignore, a.ts); name a new folder (closed-loop makes it and keeps it out of git), ' +
          'or leave state_dir out for .git/closed-loop/',
      ),
    );
    await expect(config('../x')).rejects.toThrow(
      /state_dir "\.\.\/x": the config may only name a folder inside/,
    );
    await expect(config('a/../../x')).rejects.toThrow(ConfigLoadError);
    await expect(config('/tmp/x')).rejects.toThrow(/pass --state-dir for a folder elsewhere/);
    await expect(config('.')).rejects.toThrow(/the repository root/);
    await expect(config('.git')).rejects.toThrow(/the git directory itself/);
    symlinkSync('/tmp', join(dir, 'out'));
    await expect(config('out/loop')).rejects.toThrow(/out is a symbolic link \(to \/tmp\)/);
    await expect(resolveStateDir(dir, join(dir, 'out/loop'), { kind: 'flag' })).rejects.toThrow(
      StateDirError,
    );
    await expect(resolveStateDir(dir, join(dir, 'docs'), { kind: 'flag' })).rejects.toThrow(
      /^--state-dir .*docs: docs is a folder of the work tree/,
    );
    // A new folder, in the tree or in the git dir, is the loop's own: it ignores itself, and only itself.
    expect(await config('.loop/state')).toBe(join(dir, '.loop/state'));
    expect(await config('.git/loop')).toBe(join(dir, '.git/loop'));
    await ensureIgnored(join(dir, '.loop/state'));
    expect(await config('.loop/state')).toBe(join(dir, '.loop/state'));
    expect(readFileSync(join(dir, 'src/.gitignore'), 'utf8')).toBe('dist\n');
    await expect(ensureIgnored(join(dir, 'src'))).rejects.toThrow(/not closed-loop's own \.gitignore/);
    expect(readFileSync(join(dir, 'src/.gitignore'), 'utf8')).toBe('dist\n');
  });

  it("status finds the state where the run kept it: the git dir, the config's state_dir, or --state-dir", async () => {
    const dir = realpathSync(repo({ 'a.txt': 'a' }));
    await expect(loadState(dir)).rejects.toThrow(
      new NoStateError(
        'no loop state in .git/closed-loop/: run closed-loop run first (or pass the --state-dir it ran with)',
      ),
    );
    await saveState(join(dir, '.git/closed-loop'), stored(dir));
    expect((await loadState(join(dir))).stateDir).toBe(join(dir, '.git/closed-loop'));

    mkdirSync(join(dir, '.github'));
    writeFileSync(join(dir, '.github/closed-loop.yml'), 'version: 1\nstate_dir: .loop-reports\n');
    await expect(loadState(dir)).rejects.toThrow(
      /no loop state in \.loop-reports\/: run closed-loop run first$/,
    );
    await ensureIgnored(join(dir, '.loop-reports')); // as a run does first
    await saveState(join(dir, '.loop-reports'), stored(dir));
    expect((await loadState(dir)).loop.task.id).toBe('t-1');
    expect((await loadState(dir, join(dir, '.git/closed-loop'))).stateDir).toBe(
      join(dir, '.git/closed-loop'),
    );
  });

  it('holds the run lock: a second run on the same tree is refused while the first is alive', async () => {
    const dir = await resolveStateDir(repo({ 'a.txt': 'a' }));
    const release = await acquireRunLock(dir, () => new Error('unexpected'));
    writeFileSync(join(dir, 'run.lock'), String(process.ppid)); // a live process other than this one
    await expect(acquireRunLock(dir, (pid) => new Error(`busy ${pid}`))).rejects.toThrow(
      `busy ${process.ppid}`,
    );
    await release();
  });
});
