import { readFrom, type GitHub } from './github-request.js';

/**
 * A changed file of a pull request: its path, its path before a rename, its blob SHA (null when
 * removed), and its diff's hunks when GitHub gives them (not for binary or very large diffs).
 */
export interface PullFile {
  path: string;
  previousPath?: string;
  sha: string | null;
  status: string;
  additions: number;
  deletions: number;
  patch?: string;
}

const LIST = 'GET /repos/{owner}/{repo}/pulls/{pull_number}/files';
/** GitHub lists at most 3,000 files of a pull request. */
const MAX_PULL_FILES = 3000;

interface Listed {
  filename: string;
  previous_filename?: string;
  sha: string | null;
  status: string;
  additions: number;
  deletions: number;
  patch?: string;
}

/** The pull request's changed files (up to GitHub's 3,000). */
export async function listPullFiles(
  octokit: GitHub,
  where: { owner: string; repo: string; number: number },
): Promise<PullFile[]> {
  const params = { owner: where.owner, repo: where.repo, pull_number: where.number, per_page: 100 };
  const files: Listed[] = await readFrom(octokit, LIST, params, () => octokit.paginate(LIST, params));
  return files.slice(0, MAX_PULL_FILES).map((f) => ({
    path: f.filename,
    ...(f.previous_filename ? { previousPath: f.previous_filename } : {}),
    sha: f.status === 'removed' ? null : f.sha,
    status: f.status,
    additions: f.additions,
    deletions: f.deletions,
    ...(typeof f.patch === 'string' ? { patch: f.patch } : {}),
  }));
}
