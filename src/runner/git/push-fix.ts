import { maskSecrets } from '../../core/report/mask-secrets.js';
import {
  decidePush,
  DEFAULT_MAX_LOOP_COMMITS,
  LOOP_TRAILER,
  type PushFacts,
} from '../../core/validate/push-policy.js';
import { openRemote, type RemoteAccess, type RemoteAuth } from './isolated-remote.js';
import { runGit, splitNul } from './run-git.js';

/** A push that failed for a reason other than the policy or a concurrent push (auth, network). Masked. */
export class PushError extends Error {
  override readonly name = 'PushError';
}

export interface PushFixOptions {
  /** A configured remote's name (default origin) or a URL; either way its URL is never printed. */
  remote?: string;
  branch: string;
  /** The head the loop evaluated; the fix commits sit on top of it. */
  evaluatedSha: string;
  mode: 'auto' | 'never';
  isFork: boolean;
  /** The run's fix commits, oldest first. */
  fixCommits: readonly string[];
  maxLoopCommits?: number;
  /** The per-pull-request cap and the fix commits already made on the PR (see decidePush). */
  fixCommitsBefore?: number;
  maxFixCommits?: number;
  /** The credential for the remote, given to the commands that reach it only (see openRemote). */
  auth?: RemoteAuth | null;
}

export type PushFixResult = { pushed: true; sha: string } | { pushed: false; reason: string };

const RECORD = '\x1e';

/**
 * How many consecutive commits ending at `fromSha` (first parents only, at most `limit`) carry the
 * loop's `Closed-Loop-Strategy:` trailer: the loop guard's count. A person's commit ends the run.
 */
export async function countOwnCommits(cwd: string, fromSha: string, limit = 20): Promise<number> {
  const format = `--format=${RECORD}%(trailers:key=${LOOP_TRAILER},valueonly)`;
  const { stdout } = await runGit(cwd, ['log', '--first-parent', '-n', String(limit), format, fromSha, '--']);
  const records = stdout.split(RECORD).slice(1);
  const firstForeign = records.findIndex((record) => record.trim() === '');
  return firstForeign === -1 ? records.length : firstForeign;
}

/**
 * Pushes the run's fix commits to `branch` on `remote` when decidePush allows it: only onto the exact
 * head that was evaluated, never forced, never a change under .github/, within the loop guard. A push
 * rejected because someone pushed meanwhile is a refusal, not an error. Authentication is the caller's
 * (`auth`, or the checkout's own setup): the remote's URL may hold a token, so it is masked in every
 * message and error.
 */
export async function pushFix(cwd: string, options: PushFixOptions): Promise<PushFixResult> {
  const remote = options.remote ?? 'origin';
  const maxLoopCommits = options.maxLoopCommits ?? DEFAULT_MAX_LOOP_COMMITS;
  await assertSafeNames(cwd, remote, options.branch);
  const mask = await maskerFor(cwd, remote);
  const refused = (reason: string): PushFixResult => ({ pushed: false, reason: mask(reason) });

  const base: PushBase = {
    mode: options.mode,
    isFork: options.isFork,
    evaluatedSha: options.evaluatedSha,
    maxLoopCommits,
    ...(options.maxFixCommits === undefined
      ? {}
      : { maxFixCommits: options.maxFixCommits, fixCommitsBefore: options.fixCommitsBefore ?? 0 }),
  };
  if (options.mode === 'never' || options.isFork || options.fixCommits.length === 0) {
    // These rules come first in decidePush and need no remote: no network for a push that cannot happen.
    const fixCommits = options.fixCommits.map((sha) => ({ sha, files: [] }));
    const decision = decidePush({
      ...base,
      remoteSha: null,
      fixCommits,
      commitsToPush: null,
      ownCommitsBefore: 0,
    });
    if (!decision.push) return refused(decision.reason);
  }

  const access = await openRemote(cwd, remote, options.auth ?? null);
  try {
    return await decideAndPush(cwd, options, access, base, mask);
  } finally {
    await access.close();
  }
}

/** What decidePush is told before the repository and the remote are read. */
type PushBase = Omit<PushFacts, 'remoteSha' | 'fixCommits' | 'commitsToPush' | 'ownCommitsBefore'>;

/** pushFix once the remote is open: the facts from the repository and the remote, the decision, the push. */
async function decideAndPush(
  cwd: string,
  options: PushFixOptions,
  access: RemoteAccess,
  base: PushBase,
  mask: (text: string) => string,
): Promise<PushFixResult> {
  const refused = (reason: string): PushFixResult => ({ pushed: false, reason: mask(reason) });
  const evaluatedSha = await resolveCommit(cwd, options.evaluatedSha);
  const fixShas = await Promise.all(options.fixCommits.map((sha) => resolveCommit(cwd, sha)));
  const facts: PushFacts = {
    ...base,
    evaluatedSha,
    remoteSha: await remoteBranchSha(access, options.branch, mask),
    fixCommits: await Promise.all(fixShas.map(async (sha) => ({ sha, files: await filesOf(cwd, sha) }))),
    commitsToPush: await commitsAfter(cwd, evaluatedSha),
    ownCommitsBefore: await countOwnCommits(cwd, evaluatedSha, base.maxLoopCommits + 1),
  };
  const decision = decidePush(facts);
  if (!decision.push) return refused(decision.reason);

  const sha = fixShas[fixShas.length - 1]!; // decidePush checked that this is HEAD
  const result = await access.git([
    'push',
    '--no-verify',
    '--porcelain',
    access.remote,
    `${sha}:refs/heads/${options.branch}`,
  ]);
  if (result.exitCode === 0) return { pushed: true, sha };
  const said = `${result.stdout}\n${result.stderr}`;
  if (/\[rejected\]|non-fast-forward|fetch first/.test(said)) {
    return refused(
      `not pushed: the push was rejected as non-fast-forward; someone pushed to ${options.branch} meanwhile, and the next run evaluates the new head`,
    );
  }
  const remoteRejected = /\[remote rejected\][^\n]*/.exec(said);
  if (remoteRejected) return refused(`not pushed: the remote refused the push: ${remoteRejected[0].trim()}`);
  throw new PushError(
    mask(
      `git push to ${options.branch} failed: ${firstLine(result.stderr)}; ` +
        'check that the token the remote uses may write to the repository (contents: write)',
    ),
  );
}

/** Option-looking or malformed names are a caller's bug; git would read them as flags. */
async function assertSafeNames(cwd: string, remote: string, branch: string): Promise<void> {
  if (remote === '' || remote.startsWith('-')) throw new Error('pushFix: invalid remote name');
  const valid = await runGit(cwd, ['check-ref-format', `refs/heads/${branch}`], { allowFailure: true });
  if (branch.startsWith('-') || valid.exitCode !== 0)
    throw new Error(`pushFix: invalid branch name ${JSON.stringify(branch)}`);
}

/** Masks the remote's URL (and the remote itself when it is a URL) plus any token shape. */
async function maskerFor(cwd: string, remote: string): Promise<(text: string) => string> {
  const url = await runGit(cwd, ['remote', 'get-url', '--', remote], { allowFailure: true });
  const secrets = url.exitCode === 0 ? [url.stdout.trim()] : [remote];
  return (text) => maskSecrets(text, secrets);
}

async function resolveCommit(cwd: string, rev: string): Promise<string> {
  return (
    await runGit(cwd, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`])
  ).stdout.trim();
}

async function remoteBranchSha(
  access: RemoteAccess,
  branch: string,
  mask: (text: string) => string,
): Promise<string | null> {
  const ref = `refs/heads/${branch}`;
  const result = await access.git(['ls-remote', access.remote, ref]);
  if (result.exitCode !== 0) {
    throw new PushError(
      mask(
        `could not read ${branch} from the remote: ${firstLine(result.stderr)}; check the remote and its token`,
      ),
    );
  }
  const line = result.stdout
    .split('\n')
    .map((row) => row.split('\t'))
    .find(([, name]) => name === ref);
  return line?.[0] ?? null;
}

/** Every file a commit changes, against each parent of a merge, renames as both names. */
async function filesOf(cwd: string, sha: string): Promise<string[]> {
  const { stdout } = await runGit(cwd, [
    'diff-tree',
    '--no-commit-id',
    '--name-only',
    '-r',
    '-m',
    '--no-renames',
    '-z',
    sha,
  ]);
  return [...new Set(splitNul(stdout))];
}

/** `evaluatedSha..HEAD`, oldest first; null when HEAD does not descend from it. */
async function commitsAfter(cwd: string, evaluatedSha: string): Promise<string[] | null> {
  const ancestor = await runGit(cwd, ['merge-base', '--is-ancestor', evaluatedSha, 'HEAD'], {
    allowFailure: true,
  });
  if (ancestor.exitCode !== 0) return null;
  const { stdout } = await runGit(cwd, ['rev-list', '--reverse', `${evaluatedSha}..HEAD`]);
  return stdout.split('\n').filter(Boolean);
}

const firstLine = (text: string): string => text.trim().split('\n')[0] || 'no output';
