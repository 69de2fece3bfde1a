import { validatePatch } from '../core/validate/validate-patch.js';
import type { GitHub } from './github-request.js';
import type { GraphqlClient } from './read-comment-editor.js';
import { reusesReads, seedRead } from './reuse-reads.js';
import { DEFAULT_COMMIT_LIMITS } from './prepare-patch.js';

type Entry = { name: string; mode: number; type: string; oid: string; size: number };
type GitObject = {
  oid?: string;
  entries?: Entry[];
  byteSize?: number;
  isBinary?: boolean;
  isTruncated?: boolean;
  text?: string | null;
} | null;
interface Answer {
  repository: {
    ref?: { target: { oid: string } } | null;
    head: {
      oid?: string;
      message?: string;
      tree?: { oid: string; entries: Entry[] };
      parents?: { totalCount: number; nodes: { oid: string }[] };
      history?: { nodes: { oid: string; message: string }[] };
    } | null;
    [alias: string]: unknown;
  } | null;
}

/**
 * A directory listed by GraphQL is seeded only below this size: nothing says GraphQL never cuts a longer one.
 */
const MAX_SEEDED_ENTRIES = 1000;
const OBJECT =
  '... on Tree { oid entries { name mode type oid size } } ... on Blob { oid byteSize isBinary isTruncated text }';

/**
 * The query for a patch's base: the branch's head, the commit, its history, and each directory and file along
 * the patch's paths.
 */
function queryFor(expressions: string[], opts: { branch: boolean; history: boolean }): string {
  const vars = [
    '$owner: String!',
    '$repo: String!',
    '$head: GitObjectID!',
    ...(opts.branch ? ['$ref: String!'] : []),
    ...(opts.history ? ['$history: Int!'] : []),
    ...expressions.map((_, i) => `$e${i}: String!`),
  ];
  return `query ClosedLoopPatchBase(${vars.join(', ')}) {
  repository(owner: $owner, name: $repo) {
    ${opts.branch ? 'ref(qualifiedName: $ref) { target { oid } }' : ''}
    head: object(oid: $head) { ... on Commit { oid message tree { oid entries { name mode type oid size } } parents(first: 100) { totalCount nodes { oid } } ${opts.history ? 'history(first: $history) { nodes { oid message } }' : ''} } }
    ${expressions.map((_, i) => `e${i}: object(expression: $e${i}) { ${OBJECT} }`).join('\n    ')}
  }
}`;
}

/** Every directory on the way to each path, and the path itself. */
function along(paths: string[]): string[] {
  const all = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    for (let i = 1; i <= parts.length; i++) all.add(parts.slice(0, i).join('/'));
  }
  return [...all];
}

/**
 * Reads, in ONE GraphQL query, what committing (or proposing) `patch` on `headSha` then reads through
 * the Git Data API — the branch's head (`branch`), the head commit, its newest `history` commits (the
 * loop guard), and the tree listing and text of every directory and file along the patch's paths — and
 * hands each to the client's reused reads in REST's shape. Only what GraphQL gives whole is seeded (a
 * file's text with exactly its size in bytes, directories under 1,000 entries); the rest is read
 * through REST as before. Best effort: when the query fails, every read goes to REST.
 */
export async function prefetchPatchBase(
  octokit: GitHub & GraphqlClient,
  repo: { owner: string; repo: string },
  at: { headSha: string; patch: string; branch?: string; history?: number },
): Promise<void> {
  if (!reusesReads(octokit)) return;
  const parsed = validatePatch(at.patch, {
    maxBytes: DEFAULT_COMMIT_LIMITS.maxPatchBytes,
    maxFiles: DEFAULT_COMMIT_LIMITS.maxFiles,
  });
  if (!parsed.ok) return; // refused before anything is read
  const expressions = along([
    ...new Set(parsed.changes.flatMap((c) => [c.oldPath, c.newPath]).filter((p) => p !== null)),
  ]);
  const opts = { branch: at.branch !== undefined, history: at.history !== undefined };
  const variables: Record<string, unknown> = {
    ...repo,
    head: at.headSha,
    ...(opts.branch ? { ref: `refs/heads/${at.branch}` } : {}),
    ...(opts.history ? { history: at.history } : {}),
  };
  expressions.forEach((e, i) => {
    variables[`e${i}`] = `${at.headSha}:${e}`;
  });
  let answer: Answer;
  try {
    answer = await octokit.graphql<Answer>(queryFor(expressions, opts), variables);
  } catch {
    return;
  }
  const r = answer.repository;
  const head = r?.head;
  if (!r || !head?.tree) return;
  if (at.branch !== undefined && r.ref)
    seedRead(
      octokit,
      'GET /repos/{owner}/{repo}/git/ref/{ref}',
      { ...repo, ref: `heads/${at.branch}` },
      { ref: `refs/heads/${at.branch}`, object: { sha: r.ref.target.oid, type: 'commit' } },
    );
  if (head.parents && head.parents.totalCount <= head.parents.nodes.length) {
    seedRead(
      octokit,
      'GET /repos/{owner}/{repo}/git/commits/{commit_sha}',
      { ...repo, commit_sha: at.headSha },
      {
        sha: head.oid,
        message: head.message,
        tree: { sha: head.tree.oid },
        parents: head.parents.nodes.map((p) => ({ sha: p.oid })),
      },
    );
  }
  if (at.history !== undefined && head.history) {
    seedRead(
      octokit,
      'GET /repos/{owner}/{repo}/commits',
      { ...repo, sha: at.headSha, per_page: at.history },
      head.history.nodes.map((c) => ({ sha: c.oid, commit: { message: c.message } })),
    );
  }
  seedTree(octokit, repo, head.tree.oid, head.tree.entries);
  for (let i = 0; i < expressions.length; i++) {
    const object = r[`e${i}`] as GitObject;
    if (object?.oid === undefined) continue; // absent at the head: the listing above it says so
    if (object.entries) seedTree(octokit, repo, object.oid, object.entries);
    else if (
      typeof object.text === 'string' &&
      !object.isBinary &&
      !object.isTruncated &&
      Buffer.byteLength(object.text) === object.byteSize
    ) {
      seedRead(
        octokit,
        'GET /repos/{owner}/{repo}/git/blobs/{file_sha}',
        { ...repo, file_sha: object.oid },
        {
          sha: object.oid,
          encoding: 'base64',
          content: Buffer.from(object.text).toString('base64'),
          size: object.byteSize,
        },
      );
    }
  }
}

/** A directory as `GET /git/trees/{sha}` lists it: GraphQL gives a mode as a number, REST as octal digits. */
function seedTree(
  octokit: GitHub,
  repo: { owner: string; repo: string },
  sha: string,
  entries: Entry[],
): void {
  if (entries.length >= MAX_SEEDED_ENTRIES) return;
  const tree = entries.map((e) => ({
    path: e.name,
    mode: e.mode.toString(8).padStart(6, '0'),
    type: e.type,
    sha: e.oid,
    ...(e.type === 'blob' ? { size: e.size } : {}),
  }));
  seedRead(
    octokit,
    'GET /repos/{owner}/{repo}/git/trees/{tree_sha}',
    { ...repo, tree_sha: sha },
    { sha, tree, truncated: false },
  );
}
