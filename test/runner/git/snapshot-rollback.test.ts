import { existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedSince } from '../../../src/runner/git/changed-since.js';
import { rollback, RollbackError } from '../../../src/runner/git/rollback.js';
import { takeSnapshot } from '../../../src/runner/git/snapshot.js';
import { createTempRepo, git, writeFiles } from '../../helpers/temp-repo.js';

const read = (dir: string, path: string): string => readFileSync(join(dir, path), 'utf8');

describe('takeSnapshot / changedSince / rollback', () => {
  it("rolls back exactly what the fix changed and keeps the user's uncommitted work byte for byte", async () => {
    const dir = createTempRepo({ 'A.txt': 'a1\n', 'C.txt': 'c1\n', 'E.txt': 'e1\n', 'keep.txt': 'k\n' });
    writeFiles(dir, { 'A.txt': 'a1\nuser edit\n', 'B.txt': 'user untracked\n' });
    git(dir, 'add', 'A.txt'); // staged, then edited again: index and worktree differ
    writeFiles(dir, { 'A.txt': 'a1\nuser edit\nunstaged too\n' });
    const statusBefore = git(dir, 'status', '--porcelain');
    const snap = await takeSnapshot(dir);
    expect(snap.untracked).toEqual(['B.txt']);
    expect(snap.dirty).toEqual(['A.txt', 'B.txt']);

    // the "fix": edits A further, edits C, creates D (in a new folder), deletes E
    writeFiles(dir, {
      'A.txt': 'a1\nuser edit\nunstaged too\nfix\n',
      'C.txt': 'c2\n',
      'new/dir/D.txt': 'd\n',
    });
    rmSync(join(dir, 'E.txt'));
    expect(await changedSince(dir, snap)).toEqual([
      { path: 'A.txt', status: 'modified' },
      { path: 'C.txt', status: 'modified' },
      { path: 'E.txt', status: 'deleted' },
      { path: 'new/dir/D.txt', status: 'added' },
    ]);

    await rollback(dir, snap);
    expect(read(dir, 'A.txt')).toBe('a1\nuser edit\nunstaged too\n');
    expect(read(dir, 'C.txt')).toBe('c1\n');
    expect(read(dir, 'E.txt')).toBe('e1\n');
    expect(existsSync(join(dir, 'new'))).toBe(false);
    expect(read(dir, 'B.txt')).toBe('user untracked\n');
    expect(git(dir, 'show', ':A.txt')).toBe('a1\nuser edit'); // the staged version is still staged
    expect(git(dir, 'status', '--porcelain')).toBe(statusBefore);
    expect(await changedSince(dir, snap)).toEqual([]);
  });

  it("sees a same-size edit made in the second the index was written (git's racy-clean case), however late it looks", async () => {
    // Commit, snapshot and a fixer's same-length rewrite all within one second: size and mtime match what
    // the index recorded, and git re-reads such a file only because the index is not newer than it.
    // Pinning the file and the index to one second makes the case certain instead of one CI run in five.
    const dir = createTempRepo({ 'C.txt': 'c1\n' });
    git(dir, 'config', 'core.trustctime', 'false');
    const second = new Date('2024-01-01T00:00:00Z');
    const pin = (path: string): void => utimesSync(join(dir, path), second, second);
    pin('C.txt');
    git(dir, 'add', 'C.txt'); // the index records C.txt's pinned mtime
    const snap = await takeSnapshot(dir);
    pin('.git/index');
    writeFileSync(join(dir, 'C.txt'), 'c2\n');
    pin('C.txt');
    expect(await changedSince(dir, snap)).toEqual([{ path: 'C.txt', status: 'modified' }]);
    await rollback(dir, snap);
    expect(read(dir, 'C.txt')).toBe('c1\n');
  });

  it("restores a user's untracked file the fix edited or deleted", async () => {
    const dir = createTempRepo({ 'a.txt': 'a\n' });
    writeFiles(dir, { 'notes.md': 'mine\n', 'scratch.txt': 'also mine\n' });
    const snap = await takeSnapshot(dir);
    writeFiles(dir, { 'notes.md': 'overwritten\n' });
    rmSync(join(dir, 'scratch.txt'));
    await rollback(dir, snap);
    expect(read(dir, 'notes.md')).toBe('mine\n');
    expect(read(dir, 'scratch.txt')).toBe('also mine\n');
    expect(git(dir, 'status', '--porcelain')).toBe('?? notes.md\n?? scratch.txt'.trim());
  });

  it('undoes what the fix staged and a commit it made on the same branch', async () => {
    const dir = createTempRepo({ 'a.txt': 'a\n' });
    const head = git(dir, 'rev-parse', 'HEAD');
    const snap = await takeSnapshot(dir);
    writeFiles(dir, { 'a.txt': 'agent\n', 'b.txt': 'b\n' });
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'agent commit');
    writeFiles(dir, { 'c.txt': 'staged only\n' });
    git(dir, 'add', 'c.txt');
    await rollback(dir, snap);
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(dir, 'status', '--porcelain')).toBe('');
    expect(read(dir, 'a.txt')).toBe('a\n');
  });

  it('handles paths with spaces, quotes, globs and non-ASCII letters literally', async () => {
    const odd = ['sp ace.txt', 'qu"ote.txt', '*.txt', 'ünï/çødé.txt'];
    const dir = createTempRepo(Object.fromEntries(odd.map((p) => [p, 'before\n'])));
    const snap = await takeSnapshot(dir);
    for (const p of odd) writeFileSync(join(dir, p), 'after\n');
    writeFiles(dir, { 'new [1].txt': 'n\n' });
    expect((await changedSince(dir, snap)).map((c) => c.path).sort()).toEqual([...odd, 'new [1].txt'].sort());
    await rollback(dir, snap);
    for (const p of odd) expect(read(dir, p)).toBe('before\n');
    expect(existsSync(join(dir, 'new [1].txt'))).toBe(false);
  });

  it('ignores .closed-loop/ and ignored files, and counts a file whose content came back as unchanged', async () => {
    const dir = createTempRepo({ '.gitignore': 'dist/\n', 'a.txt': 'a\n' });
    const snap = await takeSnapshot(dir);
    writeFiles(dir, { '.closed-loop/state.json': '{}', 'dist/out.js': 'x', 'a.txt': 'b\n' });
    writeFiles(dir, { 'a.txt': 'a\n' });
    expect(await changedSince(dir, snap)).toEqual([]);
    await rollback(dir, snap);
    expect(existsSync(join(dir, '.closed-loop/state.json'))).toBe(true);
    expect(existsSync(join(dir, 'dist/out.js'))).toBe(true);
  });

  it('works on a branch with no commits yet', async () => {
    const dir = createTempRepo({ 'a.txt': 'a\n' }, { commit: false });
    const snap = await takeSnapshot(dir);
    expect(snap.head).toBeNull();
    writeFiles(dir, { 'b.txt': 'b\n', 'a.txt': 'changed\n' });
    await rollback(dir, snap);
    expect(read(dir, 'a.txt')).toBe('a\n');
    expect(existsSync(join(dir, 'b.txt'))).toBe(false);
  });

  it('refuses to move another branch when the fix switched branches', async () => {
    const dir = createTempRepo({ 'a.txt': 'a\n' });
    const snap = await takeSnapshot(dir);
    git(dir, 'checkout', '-q', '-b', 'elsewhere');
    git(dir, 'commit', '-q', '--allow-empty', '-m', 'x');
    await expect(rollback(dir, snap)).rejects.toThrow(RollbackError);
    await expect(rollback(dir, snap)).rejects.toThrow(/check out main/);
  });
});
