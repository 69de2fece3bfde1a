import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitFix, FALLBACK_IDENTITY, stageFix } from '../../../src/runner/git/commit-fix.js';
import { createTempRepo, git, writeFiles } from '../../helpers/temp-repo.js';

const message = 'closed-loop: auto_fix for lint-error (attempt 1)\n\nRan eslint --fix.\n';

describe('commitFix / stageFix', () => {
  it("commits exactly the fix's files (added, modified, deleted) with its message", async () => {
    const dir = createTempRepo({ 'a.ts': 'a', 'gone.ts': 'g', 'user.ts': 'u' });
    writeFiles(dir, {
      'a.ts': 'fixed',
      'new.ts': 'n',
      'user.ts': 'user staged work',
      'mine.txt': 'untracked',
    });
    git(dir, 'add', 'user.ts');
    rmSync(join(dir, 'gone.ts'));
    const sha = await commitFix(dir, { files: ['a.ts', 'new.ts', 'gone.ts'], message });
    expect(sha).toBe(git(dir, 'rev-parse', 'HEAD'));
    expect(git(dir, 'show', '--name-status', '--format=', sha)).toBe('M\ta.ts\nD\tgone.ts\nA\tnew.ts');
    expect(git(dir, 'log', '-1', '--format=%B')).toBe(message.trim());
    // the user's staged and untracked work is untouched and still uncommitted
    expect(git(dir, 'status', '--porcelain')).toBe('M  user.ts\n?? mine.txt');
  });

  it('commits as closed-loop when git has no identity (a bare CI runner)', async () => {
    const dir = createTempRepo({ 'a.ts': 'a' });
    git(dir, 'config', '--unset', 'user.name');
    git(dir, 'config', '--unset', 'user.email');
    writeFiles(dir, { 'a.ts': 'b' });
    const env = {
      HOME: dir,
      XDG_CONFIG_HOME: dir,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: join(dir, 'none'),
    };
    const saved = { ...process.env };
    delete process.env.GIT_AUTHOR_NAME;
    delete process.env.GIT_COMMITTER_NAME;
    delete process.env.GIT_AUTHOR_EMAIL;
    delete process.env.GIT_COMMITTER_EMAIL;
    Object.assign(process.env, env);
    try {
      await commitFix(dir, { files: ['a.ts'], message });
    } finally {
      for (const key of Object.keys(env)) delete process.env[key];
      Object.assign(process.env, saved);
    }
    expect(git(dir, 'log', '-1', '--format=%an <%ae>|%cn <%ce>')).toBe(
      `${FALLBACK_IDENTITY.name} <${FALLBACK_IDENTITY.email}>|${FALLBACK_IDENTITY.name} <${FALLBACK_IDENTITY.email}>`,
    );
  });

  it('keeps the configured identity when there is one', async () => {
    const dir = createTempRepo({ 'a.ts': 'a' });
    writeFiles(dir, { 'a.ts': 'b' });
    await commitFix(dir, { files: ['a.ts'], message });
    expect(git(dir, 'log', '-1', '--format=%an')).toBe('Test');
  });

  it("stages only the fix's files for --no-commit", async () => {
    const dir = createTempRepo({ 'a.ts': 'a', 'b.ts': 'b' });
    const head = git(dir, 'rev-parse', 'HEAD');
    writeFiles(dir, { 'a.ts': 'fixed', 'b.ts': 'user', 'c.ts': 'new' });
    await stageFix(dir, ['a.ts', 'c.ts']);
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(dir, 'status', '--porcelain')).toBe('M  a.ts\n M b.ts\nA  c.ts');
  });
});
