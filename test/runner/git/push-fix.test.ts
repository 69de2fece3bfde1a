import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixCommitMessage } from '../../../src/core/validate/fix-commit-message.js';
import { countOwnCommits, PushError, pushFix } from '../../../src/runner/git/push-fix.js';
import { createTempRepo, git, writeFiles } from '../../helpers/temp-repo.js';

const tmp = (): string => mkdtempSync(join(tmpdir(), 'closed-loop-push-'));

/** A runner checkout of `main` with a local bare repository as origin, both at the same commit. */
function setup(): { dir: string; bare: string; evaluated: string } {
  const bare = tmp();
  git(bare, 'init', '-q', '--bare', '-b', 'main');
  const dir = createTempRepo({ 'src/a.ts': 'a\n' });
  git(dir, 'remote', 'add', 'origin', bare);
  git(dir, 'push', '-q', 'origin', 'main');
  return { dir, bare, evaluated: git(dir, 'rev-parse', 'HEAD') };
}

/** Commits a change to `file` as the loop does (with its trailers), returning the sha. */
function loopCommit(dir: string, file: string, attempt = 1): string {
  writeFiles(dir, { [file]: `fixed ${attempt} ${Math.random()}\n` });
  git(dir, 'add', '-A');
  const message = fixCommitMessage({
    strategy: 'auto_fix',
    pattern: 'lint-error',
    attempt,
    check: 'lint',
    summary: 'Ran eslint --fix.',
  });
  git(dir, 'commit', '-q', '-m', message);
  return git(dir, 'rev-parse', 'HEAD');
}

function personCommit(dir: string, file = 'src/person.ts'): string {
  writeFiles(dir, { [file]: `person ${Math.random()}\n` });
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', "a person's change");
  return git(dir, 'rev-parse', 'HEAD');
}

/** Someone else pushes a commit to main through a clone of their own; returns the new remote sha. */
function someonePushes(bare: string): string {
  const other = tmp();
  git(other, 'clone', '-q', bare, '.');
  const sha = personCommit(other);
  git(other, 'push', '-q', 'origin', 'main');
  return sha;
}

const remoteMain = (bare: string): string => git(bare, 'rev-parse', 'refs/heads/main');
const auto = { branch: 'main', mode: 'auto', isFork: false } as const;

describe('countOwnCommits', () => {
  it('counts the consecutive loop commits ending at a sha, up to a limit', async () => {
    const { dir, evaluated } = setup();
    expect(await countOwnCommits(dir, evaluated)).toBe(0);
    loopCommit(dir, 'src/a.ts', 1);
    const two = loopCommit(dir, 'src/a.ts', 2);
    expect(await countOwnCommits(dir, two)).toBe(2);
    expect(await countOwnCommits(dir, two, 1)).toBe(1);
    const person = personCommit(dir);
    expect(await countOwnCommits(dir, person)).toBe(0);
    expect(await countOwnCommits(dir, loopCommit(dir, 'src/a.ts', 3))).toBe(1);
  });
});

describe('pushFix (real git, local bare remote)', () => {
  it('pushes the fix commits onto the exact evaluated head', async () => {
    const { dir, bare, evaluated } = setup();
    const fixes = [loopCommit(dir, 'src/a.ts', 1), loopCommit(dir, 'src/b.ts', 2)];
    const result = await pushFix(dir, { ...auto, evaluatedSha: evaluated, fixCommits: fixes });
    expect(result).toEqual({ pushed: true, sha: fixes[1] });
    expect(remoteMain(bare)).toBe(git(dir, 'rev-parse', 'HEAD'));
    expect(git(bare, 'rev-parse', 'main~2')).toBe(evaluated);
  });

  it('refuses when someone pushed after the evaluation, and leaves the remote untouched', async () => {
    const { dir, bare, evaluated } = setup();
    const fix = loopCommit(dir, 'src/a.ts');
    const theirs = someonePushes(bare);
    const result = await pushFix(dir, { ...auto, evaluatedSha: evaluated, fixCommits: [fix] });
    expect(result.pushed).toBe(false);
    expect(!result.pushed && result.reason).toMatch(
      /branch moved .*someone pushed, and the next run evaluates the new head/,
    );
    expect(remoteMain(bare)).toBe(theirs);
  });

  it.each([
    ['mode never', { mode: 'never' as const }, /push mode is "never"/],
    [
      'a fork (without touching the network)',
      { isFork: true, remote: 'no-such-remote' },
      /fork.*attached as a patch instead/,
    ],
  ])('refuses %s', async (_name, overrides, reason) => {
    const { dir, bare, evaluated } = setup();
    const fix = loopCommit(dir, 'src/a.ts');
    const result = await pushFix(dir, { ...auto, evaluatedSha: evaluated, fixCommits: [fix], ...overrides });
    expect(!result.pushed && result.reason).toMatch(reason);
    expect(remoteMain(bare)).toBe(evaluated);
  });

  it('refuses a fix that touches .github/workflows', async () => {
    const { dir, bare, evaluated } = setup();
    const fixes = [loopCommit(dir, 'src/a.ts', 1), loopCommit(dir, '.github/workflows/ci.yml', 2)];
    const result = await pushFix(dir, { ...auto, evaluatedSha: evaluated, fixCommits: fixes });
    expect(!result.pushed && result.reason).toMatch(
      /changes \.github\/workflows\/ci\.yml, and the loop never pushes a change under \.github\//,
    );
    expect(remoteMain(bare)).toBe(evaluated);
  });

  it('refuses to push a commit that is not one of the fixes', async () => {
    const { dir, bare, evaluated } = setup();
    const fix = loopCommit(dir, 'src/a.ts');
    personCommit(dir);
    const result = await pushFix(dir, { ...auto, evaluatedSha: evaluated, fixCommits: [fix] });
    expect(!result.pushed && result.reason).toMatch(/plus exactly the loop's fix commits/);
    expect(remoteMain(bare)).toBe(evaluated);
  });

  it('the loop guard: no push once the branch ends in the cap of loop commits; a person resets it', async () => {
    const { dir, bare } = setup();
    loopCommit(dir, 'src/a.ts', 1);
    git(dir, 'push', '-q', 'origin', 'main');
    // one loop commit below, one more fits under a cap of 2
    let evaluated = git(dir, 'rev-parse', 'HEAD');
    const second = loopCommit(dir, 'src/a.ts', 2);
    expect(
      await pushFix(dir, { ...auto, evaluatedSha: evaluated, fixCommits: [second], maxLoopCommits: 2 }),
    ).toEqual({ pushed: true, sha: second });
    // the branch now ends in two loop commits: a third is refused
    evaluated = second;
    const third = loopCommit(dir, 'src/a.ts', 3);
    const refused = await pushFix(dir, {
      ...auto,
      evaluatedSha: evaluated,
      fixCommits: [third],
      maxLoopCommits: 2,
    });
    expect(!refused.pushed && refused.reason).toMatch(
      /already ends in 2 commits of the loop's own \(at most 2 in a row\); a person or CI must push first/,
    );
    expect(remoteMain(bare)).toBe(second);
    // a person pushes: the count starts again
    git(dir, 'reset', '-q', '--hard', second);
    const person = personCommit(dir);
    git(dir, 'push', '-q', 'origin', 'main');
    const fourth = loopCommit(dir, 'src/a.ts', 4);
    expect(
      await pushFix(dir, { ...auto, evaluatedSha: person, fixCommits: [fourth], maxLoopCommits: 2 }),
    ).toEqual({ pushed: true, sha: fourth });
  });

  describe('a race', () => {
    const savedPath = process.env.PATH;
    afterEach(() => {
      process.env.PATH = savedPath;
    });

    it('reports a push rejected as non-fast-forward (someone pushed mid-way) instead of throwing', async () => {
      const { dir, bare, evaluated } = setup();
      const fix = loopCommit(dir, 'src/a.ts');
      // a `git` first in PATH that lets someone push just before our push reaches the remote
      const other = tmp();
      git(other, 'clone', '-q', bare, '.');
      const theirs = personCommit(other);
      const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
      const bin = tmp();
      writeFileSync(
        join(bin, 'git'),
        `#!/bin/sh\nfor a in "$@"; do if [ "$a" = push ]; then "${realGit}" -C "${other}" push -q origin main; break; fi; done\nexec "${realGit}" "$@"\n`,
      );
      chmodSync(join(bin, 'git'), 0o755);
      process.env.PATH = `${bin}:${savedPath}`;
      const result = await pushFix(dir, { ...auto, evaluatedSha: evaluated, fixCommits: [fix] });
      expect(!result.pushed && result.reason).toMatch(
        /rejected as non-fast-forward; someone pushed to main meanwhile/,
      );
      expect(remoteMain(bare)).toBe(theirs);
    });
  });

  it('never shows a token in the remote URL when the remote cannot be reached', async () => {
    const { dir, evaluated } = setup();
    const token = 'ghs_abcdefghijklmnopqrstuvwxyz0123456789';
    git(dir, 'remote', 'set-url', 'origin', `https://x-access-token:${token}@127.0.0.1:1/owner/repo.git`);
    const fix = loopCommit(dir, 'src/a.ts');
    const error = await pushFix(dir, { ...auto, evaluatedSha: evaluated, fixCommits: [fix] }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PushError);
    expect((error as Error).message).toMatch(/could not read main from the remote/);
    expect((error as Error).message).not.toContain(token);
    expect((error as Error).message).not.toContain('x-access-token:');
  });

  it('rejects a branch name git would read as an option', async () => {
    const { dir, evaluated } = setup();
    await expect(
      pushFix(dir, { ...auto, branch: '--force', evaluatedSha: evaluated, fixCommits: [evaluated] }),
    ).rejects.toThrow(/invalid branch name/);
  });
});
