import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGit, type GitOutput } from './run-git.js';

/** A credential for one server: git configuration (an http extraheader) for the commands that reach it. */
export interface RemoteAuth {
  /** The server the credential is for (GITHUB_SERVER_URL); a remote elsewhere never gets it. */
  serverUrl: string;
  /** GIT_CONFIG_COUNT / GIT_CONFIG_KEY_n / GIT_CONFIG_VALUE_n. */
  env: Record<string, string>;
}

/** The git commands that talk to a remote (ls-remote, push): `git(args)` with `remote` in them. */
export interface RemoteAccess {
  /** What to name the remote in the commands: its name, or its URL in a scratch directory. */
  remote: string;
  git(args: readonly string[]): Promise<GitOutput>;
  close(): Promise<void>;
}

/**
 * What a command carrying the credential never runs or reads, whatever the runner's own git configuration
 * says: hooks, an fsmonitor, a credential helper or an askpass program (each would run with the
 * credential in its environment), and a transport other than the server's own (ext::, ssh, a local
 * receive-pack command: each runs a program).
 */
function hardening(scheme: string): string[] {
  return [
    ...['core.hooksPath=/dev/null', 'core.fsmonitor=false', 'credential.helper=', 'core.askPass='],
    ...['protocol.allow=never', `protocol.${scheme}.allow=always`],
  ].flatMap((setting) => ['-c', setting]);
}

/**
 * Access to `remote` for the commands that carry `auth`. The checkout's .git/config and .git/hooks may
 * have been written by the pull request's code (a check, an install script) earlier in the run: a
 * reference-transaction hook, core.fsmonitor, core.hooksPath, credential.helper, http.proxy with
 * http.sslVerify=false, an include.path — any of them would run a program with the credential in its
 * environment or send it through someone else's hands. So those commands run in a scratch git directory
 * outside the checkout that borrows its objects (alternates, and its shallow boundary), with the remote's
 * URL read once and given as a URL: no configuration and no hook of the checkout is read. A remote that
 * is not on `auth.serverUrl` gets no credential at all, and keeps the checkout's own setup (a local path).
 */
export async function openRemote(
  cwd: string,
  remote: string,
  auth: RemoteAuth | null,
): Promise<RemoteAccess> {
  const plain: RemoteAccess = {
    remote,
    git: (args) => runGit(cwd, args, { allowFailure: true }),
    close: () => Promise.resolve(),
  };
  if (auth === null) return plain;
  const url = await pushUrl(cwd, remote);
  const scheme = onServer(url, auth.serverUrl);
  if (scheme === null) return plain;
  const scratch = await scratchGitDir(cwd);
  const flags = ['--git-dir', scratch, ...hardening(scheme)];
  return {
    remote: url,
    git: (args) => runGit(scratch, [...flags, ...args], { allowFailure: true, env: auth.env }),
    close: () => rm(scratch, { recursive: true, force: true }),
  };
}

/** The URL git would push `remote` to (its pushurl, insteadOf applied); `remote` itself when it is one. */
async function pushUrl(cwd: string, remote: string): Promise<string> {
  const r = await runGit(cwd, ['remote', 'get-url', '--push', '--', remote], { allowFailure: true });
  return r.exitCode === 0 ? r.stdout.trim() : remote;
}

/** The URL's scheme when it is on `serverUrl` (same scheme, host and port, below its path); else null. */
function onServer(url: string, serverUrl: string): string | null {
  try {
    const [target, server] = [new URL(url), new URL(serverUrl)];
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
    const base = server.pathname.replace(/\/+$/, '');
    const same =
      target.protocol === server.protocol &&
      target.host === server.host &&
      target.username === '' &&
      target.pathname.startsWith(`${base}/`);
    return same ? target.protocol.slice(0, -1) : null;
  } catch {
    return null;
  }
}

/** A bare git directory with no hooks and no configuration of its own, reading the checkout's objects. */
async function scratchGitDir(cwd: string): Promise<string> {
  const paths = await runGit(cwd, [
    'rev-parse',
    '--path-format=absolute',
    '--git-path',
    'objects',
    '--git-path',
    'shallow',
  ]);
  const [objects = '', shallow = ''] = paths.stdout.split('\n');
  const format = (await runGit(cwd, ['rev-parse', '--show-object-format'])).stdout.trim();
  const dir = await mkdtemp(join(tmpdir(), 'closed-loop-push-gitdir-'));
  try {
    await runGit(dir, ['init', '--quiet', '--bare', '--template=', `--object-format=${format}`, dir]);
    await writeFile(join(dir, 'objects', 'info', 'alternates'), `${objects}\n`);
    // A shallow checkout's boundary (actions/checkout's fetch-depth: 1): the history below it is not here.
    await copyFile(shallow, join(dir, 'shallow')).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    return dir;
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
