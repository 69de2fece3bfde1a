import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assertGitRepo,
  currentBranch,
  dirtyFiles,
  ensureIgnored,
  headSha,
  NotAGitRepoError,
  repoRoot,
} from '../../../src/runner/git/repo.js';
import { createTempRepo, git, writeFiles } from '../../helpers/temp-repo.js';

describe('repository facts', () => {
  it('refuses a folder outside git, saying why git is needed and what to do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'closed-loop-nogit-'));
    await expect(assertGitRepo(dir)).rejects.toThrow(NotAGitRepoError);
    await expect(assertGitRepo(dir)).rejects.toThrow(
      /^not a git repository: .*needs git to roll them back; run git init/,
    );
  });

  it('finds the root, HEAD and branch from a subfolder', async () => {
    const dir = createTempRepo({ 'src/a.ts': 'x' });
    await assertGitRepo(join(dir, 'src'));
    expect(await repoRoot(join(dir, 'src'))).toBe(git(dir, 'rev-parse', '--show-toplevel'));
    expect(await headSha(join(dir, 'src'))).toBe(git(dir, 'rev-parse', 'HEAD'));
    expect(await currentBranch(dir)).toBe('main');
    git(dir, 'checkout', '-q', '--detach');
    expect(await currentBranch(dir)).toBeNull();
  });

  it('gives a null HEAD on a branch with no commits', async () => {
    const dir = createTempRepo({ 'a.txt': 'a' }, { commit: false });
    expect(await headSha(dir)).toBeNull();
    expect(await currentBranch(dir)).toBe('main');
  });

  it('lists staged, unstaged and untracked files, not ignored ones nor .closed-loop/', async () => {
    const dir = createTempRepo({ '.gitignore': 'dist/\n', 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c' });
    expect(await dirtyFiles(dir)).toEqual([]);
    writeFiles(dir, {
      'a.txt': 'A',
      'b.txt': 'B',
      'new/deep/n.txt': 'n',
      'dist/x.js': 'x',
      '.closed-loop/state.json': '{}',
    });
    git(dir, 'add', 'b.txt');
    git(dir, 'rm', '-q', 'c.txt');
    expect(await dirtyFiles(dir)).toEqual(['a.txt', 'b.txt', 'c.txt', 'new/deep/n.txt']);
  });

  it("keeps a state folder inside the tree out of git with a .gitignore of its own, leaving the user's alone", async () => {
    const dir = createTempRepo({ '.gitignore': 'node_modules\n' });
    await ensureIgnored(join(dir, '.closed-loop'));
    await ensureIgnored(join(dir, '.closed-loop')); // idempotent
    writeFiles(dir, { '.closed-loop/state.json': '{}' });
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('node_modules\n');
    expect(readFileSync(join(dir, '.closed-loop/.gitignore'), 'utf8')).toMatch(/^\*$/m);
    expect(git(dir, 'status', '--porcelain', '--untracked-files=all')).toBe('');
  });
});
