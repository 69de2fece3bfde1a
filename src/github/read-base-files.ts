import type { FileState } from './apply-patch-changes.js';
import { decodeText } from './decode-text.js';
import { readFrom, type GitHub } from './github-request.js';

interface Repo {
  owner: string;
  repo: string;
}
interface TreeEntry {
  path: string;
  mode: string;
  type: string;
  sha: string;
  size?: number;
}

const TREE = 'GET /repos/{owner}/{repo}/git/trees/{tree_sha}';
const BLOB = 'GET /repos/{owner}/{repo}/git/blobs/{file_sha}';
const REGULAR = new Set(['100644', '100755']);

export type BaseFiles = { ok: true; files: Map<string, FileState | null> } | { ok: false; why: string };

/**
 * The entry at `path`, found by walking one directory listing at a time (each listed once): exact
 * for any repository size, where a recursive listing is cut off in large ones.
 */
async function findEntry(
  octokit: GitHub,
  repo: Repo,
  rootTree: string,
  path: string,
  listings: Map<string, TreeEntry[]>,
): Promise<TreeEntry | null | string> {
  const segments = path.split('/');
  let tree = rootTree;
  for (const [i, name] of segments.entries()) {
    let entries = listings.get(tree);
    if (entries === undefined) {
      const params = { ...repo, tree_sha: tree };
      const { data } = await readFrom(octokit, TREE, params, () => octokit.request(TREE, params));
      if (data.truncated) return `the directory holding ${path} is too large to list`;
      entries = data.tree as TreeEntry[];
      listings.set(tree, entries);
    }
    const entry = entries.find((e) => e.path === name);
    if (i === segments.length - 1 || entry === undefined) return entry ?? null;
    if (entry.type !== 'tree') return null;
    tree = entry.sha;
  }
  return null;
}

const kindOf = (entry: TreeEntry): string =>
  entry.type === 'tree'
    ? 'a directory'
    : entry.type === 'commit'
      ? 'a submodule'
      : entry.mode === '120000'
        ? 'a symlink'
        : `mode ${entry.mode}`;

/**
 * The state at the head of every path a patch touches: mode and text of a regular UTF-8 file,
 * null when the path does not exist. Refuses a path that is anything else, or larger than the cap.
 */
export async function readBaseFiles(
  octokit: GitHub,
  repo: Repo,
  rootTree: string,
  paths: readonly string[],
  maxFileBytes: number,
): Promise<BaseFiles> {
  const listings = new Map<string, TreeEntry[]>();
  const files = new Map<string, FileState | null>();
  for (const path of paths) {
    const entry = await findEntry(octokit, repo, rootTree, path, listings);
    if (typeof entry === 'string') return { ok: false, why: entry };
    if (entry === null) {
      files.set(path, null);
      continue;
    }
    if (entry.type !== 'blob' || !REGULAR.has(entry.mode))
      return {
        ok: false,
        why: `${path} is ${kindOf(entry)} at the head; the loop changes regular files only`,
      };
    if ((entry.size ?? 0) > maxFileBytes)
      return {
        ok: false,
        why: `${path} is ${entry.size} bytes at the head; the loop changes files of at most ${maxFileBytes} bytes`,
      };
    const params = { ...repo, file_sha: entry.sha };
    const { data } = await readFrom(octokit, BLOB, params, () => octokit.request(BLOB, params));
    const text = decodeText(Buffer.from(data.content, data.encoding === 'base64' ? 'base64' : 'utf8'));
    if (text === null)
      return { ok: false, why: `${path} is not UTF-8 text at the head; the loop changes text files only` };
    files.set(path, { mode: entry.mode, text });
  }
  return { ok: true, files };
}
