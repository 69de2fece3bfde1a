import { readFrom, type GitHub } from './github-request.js';

const CONTENTS = 'GET /repos/{owner}/{repo}/contents/{path}';
/** Text larger than this is not read (its size still counts as evidence). */
const MAX_TEXT_BYTES = 256 * 1024;

/**
 * A file at a commit (the default branch without `ref`): its size, and its text when it is small UTF-8; null
 * when it does not exist
 * there (404, or a directory).
 */
export async function readFileAt(
  octokit: GitHub,
  at: { owner: string; repo: string; ref?: string; path: string },
): Promise<{ size: number; text: string | null } | null> {
  const params = { owner: at.owner, repo: at.repo, path: at.path, ...(at.ref ? { ref: at.ref } : {}) };
  try {
    const { data } = await readFrom(octokit, CONTENTS, params, () => octokit.request(CONTENTS, params));
    if (Array.isArray(data) || data.type !== 'file') return null;
    const content =
      'content' in data && typeof data.content === 'string' && data.size <= MAX_TEXT_BYTES
        ? data.content
        : null;
    return {
      size: data.size,
      text: content === null ? null : Buffer.from(content, 'base64').toString('utf8'),
    };
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}
