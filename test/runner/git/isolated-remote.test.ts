import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixCommitMessage } from '../../../src/core/validate/fix-commit-message.js';
import { pushFix } from '../../../src/runner/git/push-fix.js';
import { createTempRepo, git, writeFiles } from '../../helpers/temp-repo.js';
import { startStandIn, type StandIn } from '../../action/stand-in.js';

const TOKEN = 'ghs_isolatedRemote0123456789abcdefghijkl';
const basic = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');

let server: StandIn | null = null;
afterEach(() => server?.stop());

/**
 * actions/checkout's default: a clone of depth 1 of the PR's branch, its origin a git server over HTTP
 * that asks for the token. Returns the checkout, the server's bare repository and its URL.
 */
async function shallowCheckout(): Promise<{ dir: string; bare: string; serverUrl: string }> {
  const root = mkdtempSync(join(tmpdir(), 'closed-loop-git-server-'));
  const bare = join(root, 'o', 'r.git');
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare]);
  const source = createTempRepo({ 'a.txt': '1\n' });
  for (const n of [2, 3]) {
    writeFiles(source, { 'a.txt': `${n}\n` });
    git(source, 'commit', '-qam', `commit ${n}`);
  }
  git(source, 'push', '-q', bare, 'main');
  server = await startStandIn('git-http.mjs', [root, TOKEN]);
  const dir = mkdtempSync(join(tmpdir(), 'closed-loop-shallow-'));
  git(dir, 'clone', '-q', '--depth', '1', `file://${bare}`, '.');
  git(dir, 'remote', 'set-url', 'origin', `${server.url}/o/r.git`);
  expect(git(dir, 'rev-parse', '--is-shallow-repository')).toBe('true');
  return { dir, bare, serverUrl: server.url };
}

const scratchDirs = (): string[] =>
  readdirSync(tmpdir()).filter((n) => n.startsWith('closed-loop-push-gitdir-'));

describe('pushFix with a credential for the server (openRemote)', () => {
  it('pushes a fix from a shallow checkout through a scratch git directory, with the token, and removes the directory', async () => {
    const { dir, bare, serverUrl } = await shallowCheckout();
    const evaluated = git(dir, 'rev-parse', 'HEAD');
    writeFiles(dir, { 'a.txt': 'fixed\n' });
    git(dir, 'config', 'user.name', 'Test');
    git(dir, 'config', 'user.email', 'test@example.com');
    git(
      dir,
      'commit',
      '-qam',
      fixCommitMessage({
        strategy: 'auto_fix',
        pattern: 'lint-error',
        attempt: 1,
        check: 'lint',
        summary: 'Ran eslint --fix.',
      }),
    );
    const fix = git(dir, 'rev-parse', 'HEAD');
    const before = scratchDirs();

    const auth = {
      serverUrl,
      env: {
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: `http.${serverUrl}/.extraheader`,
        GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}`,
      },
    };
    const result = await pushFix(dir, {
      branch: 'main',
      mode: 'auto',
      isFork: false,
      evaluatedSha: evaluated,
      fixCommits: [fix],
      auth,
    });

    expect(result).toEqual({ pushed: true, sha: fix });
    expect(git(bare, 'rev-parse', 'refs/heads/main')).toBe(fix);
    expect(scratchDirs()).toEqual(before);
  });
});
