import { LOOP_TRAILER } from '../core/validate/push-policy.js';
import { readFrom, sendWrite, type GitHub } from './github-request.js';
import { currentHead } from './commit-patch.js';

export interface RevertTarget {
  owner: string;
  repo: string;
  branch: string;
}

export type RevertOutcome =
  { kind: 'reverted'; sha: string; reverted: string } | { kind: 'refused'; why: string };

const GET_COMMIT = 'GET /repos/{owner}/{repo}/git/commits/{commit_sha}';
const GET_TREE = 'GET /repos/{owner}/{repo}/git/trees/{tree_sha}';
const CREATE_COMMIT = 'POST /repos/{owner}/{repo}/git/commits';
const UPDATE_REF = 'PATCH /repos/{owner}/{repo}/git/refs/{ref}';

interface CommitData {
  sha: string;
  message: string;
  tree: { sha: string };
  parents: { sha: string }[];
}

const short = (sha: string): string => sha.slice(0, 7);

/**
 * Reverts the branch's last commit when it is one of the loop's fix commits (its trailer says so): a
 * new commit on top whose tree is the fix's parent's, then a fast-forward-only ref update, never a
 * force push. Refused when the last commit is someone else's, a merge, or touches .github/ (the loop
 * never writes there, so such a commit is not what it made), or when the branch moves meanwhile.
 */
export async function revertLoopCommit(
  octokit: GitHub,
  target: RevertTarget,
  message: (subject: string, sha: string) => string,
): Promise<RevertOutcome> {
  const repo = { owner: target.owner, repo: target.repo };
  const ref = `heads/${target.branch}`;
  const refuse = (why: string): RevertOutcome => ({ kind: 'refused', why });
  const head = await currentHead(octokit, { ...repo, ref });
  if (head === null) return refuse(`the branch ${target.branch} no longer exists`);
  const last = await readCommit(octokit, repo, head);
  if (!new RegExp(`^${LOOP_TRAILER}:`, 'm').test(last.message)) {
    return refuse(
      `the branch's last commit ${short(head)} is not one of the loop's fix commits (it has no \`${LOOP_TRAILER}\` trailer); revert it yourself if you mean to`,
    );
  }
  const [parent, ...more] = last.parents;
  if (parent === undefined || more.length > 0)
    return refuse(
      `the branch's last commit ${short(head)} is a merge or a root commit, which the loop never makes`,
    );
  const before = await readCommit(octokit, repo, parent.sha);
  if (
    (await githubEntry(octokit, repo, before.tree.sha)) !== (await githubEntry(octokit, repo, last.tree.sha))
  ) {
    return refuse(
      `the branch's last commit ${short(head)} changes .github/, which the loop never writes; a person must look at it`,
    );
  }
  const subject = last.message.split('\n', 1)[0] ?? '';
  const sent = await sendWrite(octokit, [], CREATE_COMMIT, {
    ...repo,
    message: message(subject, head),
    tree: before.tree.sha,
    parents: [head],
  });
  const sha = sent.ok ? (sent.data as { sha: string }).sha : '';
  const moved = await sendWrite(
    octokit,
    [],
    UPDATE_REF,
    { ...repo, ref, sha, force: false },
    (status) => status === 422,
  );
  if (!moved.ok)
    return refuse(`the branch ${target.branch} moved while the revert was being made; nothing was reverted`);
  return { kind: 'reverted', sha, reverted: head };
}

async function readCommit(
  octokit: GitHub,
  repo: { owner: string; repo: string },
  sha: string,
): Promise<CommitData> {
  const params = { ...repo, commit_sha: sha };
  const { data } = await readFrom(octokit, GET_COMMIT, params, () => octokit.request(GET_COMMIT, params));
  return data as CommitData;
}

/** The SHA of the root tree's `.github` entry, or null: equal SHAs mean nothing under .github/ changed. */
async function githubEntry(
  octokit: GitHub,
  repo: { owner: string; repo: string },
  tree: string,
): Promise<string | null> {
  const params = { ...repo, tree_sha: tree };
  const { data } = await readFrom(octokit, GET_TREE, params, () => octokit.request(GET_TREE, params));
  return (data.tree as { path: string; sha: string }[]).find((e) => e.path === '.github')?.sha ?? null;
}
