import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadState, NoStateError, saveState } from '../../src/runner/loop-driver/artifacts.js';
import { acquireRunLock } from '../../src/runner/loop-driver/run-lock.js';
import { displayPath, resolveStateDir } from '../../src/runner/state-dir.js';
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
    expect(await resolveStateDir(dir, '/elsewhere/loop')).toBe('/elsewhere/loop');
    expect(displayPath(dir, join(dir, '.git/closed-loop/dead-letter-t.md'))).toBe(
      '.git/closed-loop/dead-letter-t.md',
    );
    expect(displayPath(dir, '/elsewhere/loop/x.md')).toBe('/elsewhere/loop/x.md');
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
