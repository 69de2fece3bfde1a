import type { FixedFile } from '../core/apply/build-suggestions.js';
import { validatePatch } from '../core/validate/validate-patch.js';
import { applyPatchChanges, type TreeWrite } from './apply-patch-changes.js';
import { readFrom, type GitHub } from './github-request.js';
import { readBaseFiles } from './read-base-files.js';

export interface CommitPatchLimits {
  maxPatchBytes: number;
  maxFiles: number;
  maxFileBytes: number;
}

export const DEFAULT_COMMIT_LIMITS: CommitPatchLimits = {
  maxPatchBytes: 1024 * 1024,
  maxFiles: 50,
  maxFileBytes: 10 * 1024 * 1024,
};

/**
 * A patch applied in memory to a commit: the new tree's writes on the commit's tree, and each file before and
 * after.
 */
export type PreparedPatch =
  { ok: true; treeSha: string; writes: TreeWrite[]; files: FixedFile[] } | { ok: false; why: string };

const GET_COMMIT = 'GET /repos/{owner}/{repo}/git/commits/{commit_sha}';
const short = (sha: string): string => sha.slice(0, 7);

/**
 * Validates an untrusted fix patch and applies it, exactly, to the files at `headSha` read through the
 * Git Data API: what a commit of it would write, and what a review proposing it shows. Nothing is written.
 */
export async function preparePatch(
  octokit: GitHub,
  repo: { owner: string; repo: string },
  headSha: string,
  patch: string,
  limits: CommitPatchLimits = DEFAULT_COMMIT_LIMITS,
): Promise<PreparedPatch> {
  const validation = validatePatch(patch, { maxBytes: limits.maxPatchBytes, maxFiles: limits.maxFiles });
  if (!validation.ok) return { ok: false, why: validation.why };
  const commitParams = { ...repo, commit_sha: headSha };
  const { data: headCommit } = await readFrom(octokit, GET_COMMIT, commitParams, () =>
    octokit.request(GET_COMMIT, commitParams),
  );
  const paths = [
    ...new Set(validation.changes.flatMap((c) => [c.oldPath, c.newPath]).filter((p) => p !== null)),
  ];
  const base = await readBaseFiles(octokit, repo, headCommit.tree.sha, paths, limits.maxFileBytes);
  if (!base.ok) return { ok: false, why: base.why };
  const applied = applyPatchChanges(validation.changes, base.files, short(headSha));
  if (!applied.ok) return { ok: false, why: applied.why };
  if (applied.writes.length === 0)
    return { ok: false, why: `the patch changes nothing at ${short(headSha)}` };
  const files = applied.writes.map((w) => ({
    path: w.path,
    before: base.files.get(w.path)?.text ?? null,
    after: w.text,
  }));
  return { ok: true, treeSha: headCommit.tree.sha, writes: applied.writes, files };
}
