import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { git } from '../helpers/temp-repo.js';
import { exampleRepo } from '../e2e/run-helpers.js';
import { HEAD_REF, OWNER, REPO } from './pr-payload.js';
import { TOKEN } from './projects.js';
import { fakeGitHub, runAction, type ActionRun, type FakeGitHub } from './run-action.js';
import { startStandIn, type StandIn } from './stand-in.js';

/** The Authorization header's value git sends for the token (what a leak of the header would hold). */
const BASIC = Buffer.from(`x-access-token:${TOKEN}`, 'utf8').toString('base64');

/**
 * The pull request's checkout, its origin on a git server over HTTP that asks for the token (as GitHub
 * does), holding the PR's branch at the checkout's HEAD. GITHUB_SERVER_URL is that server.
 */
async function checkoutWithHttpOrigin(): Promise<{ dir: string; bare: string; server: StandIn }> {
  const dir = exampleRepo('lint-autofix');
  const root = mkdtempSync(join(tmpdir(), 'closed-loop-git-server-'));
  const bare = join(root, OWNER, `${REPO}.git`);
  execFileSync('git', ['init', '-q', '--bare', bare]);
  git(dir, 'push', '-q', bare, `HEAD:refs/heads/${HEAD_REF}`);
  const server = await startStandIn('git-http.mjs', [root, TOKEN]);
  git(dir, 'remote', 'add', 'origin', `${server.url}/${OWNER}/${REPO}.git`);
  return { dir, bare, server };
}

/** A program at `path` that appends its whole environment to `out`, for git to run as a hook or helper. */
function envWriter(path: string, out: string): void {
  writeFileSync(path, `#!/bin/sh\nenv >> '${out}'\nexit 0\n`);
  chmodSync(path, 0o755);
}

function branchOn(bare: string): string {
  return execFileSync('git', ['rev-parse', `refs/heads/${HEAD_REF}`], { cwd: bare, encoding: 'utf8' }).trim();
}

describe("the Action's push carries its token to the server and to nothing the checkout configured", () => {
  // One checkout holds every setting a pull request could write that should see the token or reroute the
  // push (hooks, helpers, a proxy), and one run pushes through all of them: the cases below read it.
  describe('hooks, helpers and a proxy in one checkout', () => {
    let run: {
      dir: string;
      bare: string;
      server: StandIn;
      proxy: FakeGitHub;
      seen: string;
      head: string;
      r: ActionRun;
    };
    beforeAll(async () => {
      const { dir, bare, server } = await checkoutWithHttpOrigin();
      const seen = join(mkdtempSync(join(tmpdir(), 'closed-loop-seen-')), 'env.txt');
      // What a check or an install script of the PR could write before the Action pushes.
      const hooks = join(dir, '.git', 'evil-hooks');
      mkdirSync(hooks);
      for (const hook of ['reference-transaction', 'pre-push', 'post-update', 'push-to-checkout'])
        envWriter(join(hooks, hook), seen);
      envWriter(join(dir, '.git', 'hooks', 'reference-transaction'), seen);
      envWriter(join(dir, '.git', 'fsmonitor'), seen);
      envWriter(join(dir, '.git', 'helper'), seen);
      git(dir, 'config', 'core.hooksPath', hooks);
      git(dir, 'config', 'core.fsmonitor', join(dir, '.git', 'fsmonitor'));
      git(dir, 'config', 'credential.helper', join(dir, '.git', 'helper'));
      git(dir, 'config', 'core.askPass', join(dir, '.git', 'helper'));
      const proxy = await fakeGitHub(); // logs every request it gets, with its Authorization header
      git(dir, 'config', 'http.proxy', proxy.url);
      git(dir, 'config', 'http.sslVerify', 'false');
      git(dir, 'config', 'include.path', join(dir, '.git', 'more.config'));
      writeFileSync(join(dir, '.git', 'more.config'), `[http "${server.url}/"]\n\tproxy = ${proxy.url}\n`);
      const head = git(dir, 'rev-parse', 'HEAD');
      const github = await fakeGitHub();

      const r = runAction(
        dir,
        { token: TOKEN },
        { GITHUB_API_URL: github.url, GITHUB_SERVER_URL: server.url, GITHUB_TOKEN: TOKEN },
      );
      github.stop();
      server.stop();
      proxy.stop();
      run = { dir, bare, server, proxy, seen, head, r };
    });

    it('hooks, core.hooksPath, core.fsmonitor and a credential helper written into the checkout never see the token; the push still lands', () => {
      const { dir, bare, server, seen, head, r } = run;
      expect(r.outputs.status, r.stdout).toBe('success');
      const fix = git(dir, 'rev-parse', 'HEAD');
      expect(fix).not.toBe(head);
      expect(branchOn(bare)).toBe(fix); // pushed, with the token
      // The hooks ran for the loop's own commits; no program the checkout names ever got the token.
      const env = existsSync(seen) ? readFileSync(seen, 'utf8') : '';
      expect(env).not.toContain(TOKEN);
      expect(env).not.toContain(BASIC);
      expect(env).not.toMatch(/^GIT_CONFIG_(COUNT|KEY_\d+|VALUE_\d+)=/m);
      expect(env).not.toMatch(/^INPUT_/m);
      // The server saw the token on every request, and nothing asked for it twice.
      const requests = readFileSync(join(server.dir, 'requests.jsonl'), 'utf8').trim().split('\n');
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.every((line) => (JSON.parse(line) as { authorized: boolean }).authorized)).toBe(true);
    });

    it('an http.proxy with http.sslVerify=false in the checkout is not used: the push goes to the server, not through the proxy', () => {
      const { dir, bare, proxy, r } = run;
      expect(r.outputs.status, r.stdout).toBe('success');
      expect(branchOn(bare)).toBe(git(dir, 'rev-parse', 'HEAD'));
      expect(proxy.requests()).toEqual([]);
    });
  });

  it('a remote that is not on the server (origin changed to another host) gets no token: nothing is pushed, and the other host never sees an Authorization header', async () => {
    const { dir, bare, server } = await checkoutWithHttpOrigin();
    const elsewhere = await fakeGitHub();
    git(
      dir,
      'remote',
      'set-url',
      'origin',
      `${elsewhere.url.replace('127.0.0.1', 'localhost')}/${OWNER}/${REPO}.git`,
    );
    const head = git(dir, 'rev-parse', 'HEAD');
    const github = await fakeGitHub();

    const r = runAction(dir, { token: TOKEN }, { GITHUB_API_URL: github.url, GITHUB_SERVER_URL: server.url });
    github.stop();
    server.stop();
    elsewhere.stop();

    expect(branchOn(bare)).toBe(head);
    expect(r.outputs.status, r.stdout).toBe('success');
    expect(elsewhere.requests().length).toBeGreaterThan(0);
    expect(elsewhere.requests().every((q) => q.auth === null)).toBe(true);
  });
});
