import { execFileSync } from 'node:child_process';
import { DEFAULT_BRANCH, HEAD_REF, OWNER, REPO } from './payloads.js';
import type { FakeGitHub } from './fake-github.js';

type Answer = [number, unknown];

/** GraphQL's view of an actor: a bot's login without `[bot]`. */
const actor = (login: string) => ({
  __typename: login.endsWith('[bot]') ? 'Bot' : 'User',
  login: login.replace(/\[bot\]$/, ''),
});

/**
 * The App's GraphQL queries, answered from the same state the fake's REST routes serve: which query it
 * is by its operation name, what it asks for by its variables (and, for the patch base, its aliases).
 */
export function answerGraphql(
  fake: FakeGitHub,
  query: string,
  variables: Record<string, unknown>,
): Answer | null {
  if (/query ClosedLoopPullRequest\b/.test(query)) return pullRequest(fake, variables);
  if (/query ClosedLoopPatchBase\b/.test(query)) return patchBase(fake, query, variables);
  if (/query ClosedLoopMergeQueue\b/.test(query))
    return [
      200,
      {
        data: {
          repository: {
            mergeQueue: {
              entries: {
                nodes: fake.mergeQueue.map((e, i) => ({
                  position: i + 1,
                  headCommit: { oid: e.head },
                  pullRequest: { number: e.number },
                })),
              },
            },
          },
        },
      },
    ];
  return null;
}

function pullRequest(fake: FakeGitHub, v: Record<string, unknown>): Answer {
  if (`${String(v.owner)}/${String(v.repo)}` !== `${OWNER}/${REPO}`)
    return [
      200,
      {
        data: { repository: null },
        errors: [
          {
            type: 'NOT_FOUND',
            message: `Could not resolve to a Repository with the name '${String(v.owner)}/${String(v.repo)}'.`,
          },
        ],
      },
    ];
  const pull = fake.pull() as {
    state: string;
    draft: boolean;
    created_at: string;
    merged_at: string | null;
    merged_by: { login: string } | null;
    body: string | null;
    user: { login: string };
    head: { sha: string; ref: string; repo: { full_name: string } | null };
    base: { repo: { full_name: string; name: string; owner: { login: string }; default_branch: string } };
  };
  const [rev, path] = String(v.config).split(/:(.*)/s) as [string, string];
  const [status, file] = fake.readContents(path, rev === 'HEAD' ? DEFAULT_BRANCH : rev) as [
    number,
    { size: number; content: string },
  ];
  const runs = fake.checkRuns.filter((c) => c.head_sha === fake.headSha);
  const apps = [...new Set(runs.map((c) => c.app))];
  const repository = {
    nameWithOwner: pull.base.repo.full_name,
    name: pull.base.repo.name,
    owner: { login: pull.base.repo.owner.login },
    defaultBranchRef: { name: pull.base.repo.default_branch },
    config:
      status === 404
        ? null
        : {
            __typename: 'Blob',
            byteSize: file.size,
            isBinary: false,
            isTruncated: false,
            text: Buffer.from(file.content, 'base64').toString('utf8'),
          },
    labels: {
      totalCount: fake.repoLabels.length,
      nodes: fake.repoLabels.slice(0, 100).map((name) => ({ name, color: 'ededed', description: null })),
    },
    pullRequest:
      Number(v.number) !== fake.number
        ? null
        : {
            number: fake.number,
            state: pull.merged_at ? 'MERGED' : pull.state.toUpperCase(),
            isDraft: pull.draft,
            createdAt: pull.created_at,
            mergedAt: pull.merged_at,
            mergedBy: pull.merged_by === null ? null : { login: pull.merged_by.login },
            body: pull.body ?? '',
            author: actor(pull.user.login),
            headRefName: pull.head.ref,
            headRefOid: pull.head.sha,
            headRepository: pull.head.repo === null ? null : { nameWithOwner: pull.head.repo.full_name },
            labels: {
              totalCount: fake.labels.length,
              nodes: fake.labels.slice(0, 100).map((name) => ({ name })),
            },
            comments: {
              totalCount: fake.comments.length,
              nodes: fake.comments.slice(0, 100).map((c) => ({
                databaseId: c.id,
                id: `IC_${c.id}`,
                body: c.body,
                createdAt: c.created_at,
                updatedAt: c.updated_at ?? c.created_at,
                author: actor(c.user),
              })),
            },
            commits: {
              nodes: [
                {
                  commit: {
                    oid: fake.headSha,
                    checkSuites: {
                      totalCount: apps.length,
                      nodes: apps.map((app) => {
                        const mine = runs.filter((c) => c.app === app);
                        return {
                          checkRuns: {
                            totalCount: mine.length,
                            nodes: mine.map((c) => ({
                              databaseId: c.id,
                              name: c.name,
                              status: c.status.toUpperCase(),
                              conclusion: c.conclusion?.toUpperCase() ?? null,
                              url: fake.checkRunUrl(c.id),
                              ...c.output,
                            })),
                          },
                        };
                      }),
                    },
                  },
                },
              ],
            },
          },
  };
  return [200, { data: { repository } }];
}

/**
 * The patch base query (prefetchPatchBase), answered by the real repository behind the fake, as its Git Data
 * routes are.
 */
function patchBase(fake: FakeGitHub, query: string, v: Record<string, unknown>): Answer | null {
  const dir = fake.git;
  if (dir === null) return null;
  const text = (args: string[]) => git(dir, args)?.toString('utf8') ?? null;
  const head = String(v.head);
  const [, ...parents] = (text(['rev-list', '--parents', '-n', '1', head]) ?? '').trim().split(' ');
  // Every entry of the head's tree in one listing (few git processes: the fake answers in the App's process).
  const all = (text(['ls-tree', '-r', '-t', '-l', '--full-tree', head]) ?? '')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [info = '', path = ''] = line.split('\t');
      const [mode = '', type = '', oid = '', size = '-'] = info.split(/ +/);
      return {
        path,
        name: path.split('/').pop()!,
        mode: parseInt(mode, 8),
        type,
        oid,
        size: size === '-' ? 0 : Number(size),
      };
    });
  const entriesOf = (dirPath: string) =>
    all
      .filter((e) => e.path.slice(0, Math.max(0, e.path.lastIndexOf('/'))) === dirPath)
      .map(({ path: _, ...e }) => e);
  const history = typeof v.history === 'number' ? v.history : 0;
  const repository: Record<string, unknown> = {
    head:
      parents.length === 0 && text(['cat-file', '-t', head]) === null
        ? null
        : {
            oid: head,
            message: text(['log', '-1', '--format=%B', head]) ?? '',
            tree: { oid: text(['rev-parse', `${head}^{tree}`])!.trim(), entries: entriesOf('') },
            parents: { totalCount: parents.length, nodes: parents.map((oid) => ({ oid })) },
            // The loop guard's commits, as the REST commits route lists them.
            history: {
              nodes: fake.branchMessages
                .slice(0, history)
                .map((message, i) => ({ oid: String(i).padStart(40, '0'), message })),
            },
          },
  };
  if (/ref\(qualifiedName: \$ref\)/.test(query))
    repository.ref = v.ref === `refs/heads/${HEAD_REF}` ? { target: { oid: fake.branchHead } } : null;
  for (const [, alias, name] of query.matchAll(/(\w+): object\(expression: \$(\w+)\)/g)) {
    const [rev, path = ''] = String(v[name!]).split(/:(.*)/s) as [string, string?];
    const entry = rev === head ? all.find((e) => e.path === path) : undefined;
    if (entry === undefined) repository[alias!] = null;
    else if (entry.type === 'tree') repository[alias!] = { oid: entry.oid, entries: entriesOf(path) };
    else if (entry.type !== 'blob') repository[alias!] = {};
    else repository[alias!] = blob(git(dir, ['cat-file', 'blob', entry.oid])!, entry.oid);
  }
  return [200, { data: { repository } }];
}

/** A Blob as GraphQL gives it: its text, null when it is not UTF-8. */
function blob(bytes: Buffer, oid: string): Record<string, unknown> {
  const utf8 = new TextDecoder('utf-8').decode(bytes);
  const binary = bytes.includes(0) || Buffer.from(utf8).length !== bytes.length;
  return { oid, byteSize: bytes.length, isBinary: binary, isTruncated: false, text: binary ? null : utf8 };
}

export function git(dir: string, args: string[]): Buffer | null {
  try {
    return execFileSync('git', args, { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}
