import { validatePatch } from '../core/validate/validate-patch.js';
import { readFrom, sendWrite, type GitHub, type PlannedRequest } from './github-request.js';
import { GitHubWriteError } from './github-write-error.js';
import { DEFAULT_COMMIT_LIMITS, preparePatch, type CommitPatchLimits } from './prepare-patch.js';

export interface CommitPatchTarget {
  owner: string;
  repo: string;
  /** The branch name, without `refs/heads/`. */
  branch: string;
  /** The head CI evaluated: the fix is committed on top of exactly this commit, or not at all. */
  expectedHeadSha: string;
  /** fix.patch from the untrusted runner (`git format-patch` or `git diff` output). */
  patch: string;
  message: string;
}

export { DEFAULT_COMMIT_LIMITS, type CommitPatchLimits } from './prepare-patch.js';

/**
 * `already`: the branch's head is the loop's own commit on top of the evaluated head (a redelivery, or GitHub
 * still reporting the old head).
 */
export type CommitPatchOutcome =
  { kind: 'committed'; sha: string } | { kind: 'already'; sha: string } | { kind: 'refused'; why: string };

const GET_REF = 'GET /repos/{owner}/{repo}/git/ref/{ref}';
const GET_COMMIT = 'GET /repos/{owner}/{repo}/git/commits/{commit_sha}';
const CREATE_TREE = 'POST /repos/{owner}/{repo}/git/trees';
const CREATE_COMMIT = 'POST /repos/{owner}/{repo}/git/commits';
const UPDATE_REF = 'PATCH /repos/{owner}/{repo}/git/refs/{ref}';

const short = (sha: string): string => sha.slice(0, 7);

/** The branch's head now, or null when the branch is gone. */
export async function currentHead(
  octokit: GitHub,
  params: { owner: string; repo: string; ref: string },
): Promise<string | null> {
  try {
    const { data } = await readFrom(octokit, GET_REF, params, () => octokit.request(GET_REF, params));
    return data.object.sha;
  } catch (error) {
    if (error instanceof GitHubWriteError && error.status === 404) return null;
    throw error;
  }
}

/**
 * Whether `sha` is the very commit this call would make: its one parent the evaluated head, its message
 * this one (which names the CI run). GitHub can report the PR's old head for a while after the commit.
 */
async function isThisCommit(
  octokit: GitHub,
  at: { owner: string; repo: string; sha: string },
  parent: string,
  message: string,
): Promise<boolean> {
  const params = { owner: at.owner, repo: at.repo, commit_sha: at.sha };
  const { data } = await readFrom(octokit, GET_COMMIT, params, () => octokit.request(GET_COMMIT, params));
  const parents = (data.parents as { sha: string }[]).map((p) => p.sha);
  return parents.length === 1 && parents[0] === parent && data.message.trim() === message.trim();
}

/**
 * Commits a verified fix patch onto the PR branch with the Git Data API, as the App (so CI runs
 * again). Only onto the exact head CI evaluated: a tree on the head's tree (the files' text in it), a commit
 * whose
 * parent is that head, then a fast-forward-only ref update. If someone pushed meanwhile the update
 * is refused (422) and nothing shows on the branch; the unreferenced blobs and tree are harmless.
 */
export async function commitPatch(
  octokit: GitHub,
  target: CommitPatchTarget,
  limits: CommitPatchLimits = DEFAULT_COMMIT_LIMITS,
): Promise<CommitPatchOutcome> {
  const refuse = (why: string): CommitPatchOutcome => ({ kind: 'refused', why: `not committed: ${why}` });
  const validation = validatePatch(target.patch, {
    maxBytes: limits.maxPatchBytes,
    maxFiles: limits.maxFiles,
  });
  if (!validation.ok) return refuse(validation.why);
  const repo = { owner: target.owner, repo: target.repo };
  const ref = `heads/${target.branch}`;
  const expected = target.expectedHeadSha;

  const head = await currentHead(octokit, { ...repo, ref });
  if (head === null) return refuse(`the branch ${target.branch} no longer exists`);
  if (head !== expected && (await isThisCommit(octokit, { ...repo, sha: head }, expected, target.message)))
    return { kind: 'already', sha: head };
  if (head !== expected)
    return refuse(
      `the branch moved to ${short(head)} since CI evaluated ${short(expected)}; the next run evaluates the new head`,
    );

  const applied = await preparePatch(octokit, repo, expected, target.patch, limits);
  if (!applied.ok) return refuse(applied.why);

  const sent: PlannedRequest[] = [];
  const create = async (route: string, params: Record<string, unknown>): Promise<string> =>
    ((await sendWrite(octokit, sent, route, { ...repo, ...params })) as { data: { sha: string } }).data.sha;
  // A file's text goes in its tree entry (GitHub writes the blob: no request per file); a deletion is
  // an entry with sha null. The mode is the one the file had (or the patch gave it).
  const tree = applied.writes.map((write) => ({
    path: write.path,
    mode: write.mode,
    type: 'blob',
    ...(write.text === null ? { sha: null } : { content: write.text }),
  }));
  const treeSha = await create(CREATE_TREE, { base_tree: applied.treeSha, tree });
  const sha = await create(CREATE_COMMIT, { message: target.message, tree: treeSha, parents: [expected] });
  const moved = await sendWrite(
    octokit,
    sent,
    UPDATE_REF,
    { ...repo, ref, sha, force: false },
    (status) => status === 422,
  );
  if (!moved.ok)
    return refuse(
      `the branch ${target.branch} moved while the fix was being committed (GitHub refused a non-fast-forward update); the next run evaluates the new head`,
    );
  return { kind: 'committed', sha };
}
