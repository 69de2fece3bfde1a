import { DEFAULT_CONFIG_PATH } from '../core/config/schema.js';
import type { GitHub } from './github-request.js';
import type { GraphqlClient } from './read-comment-editor.js';
import { reusesReads, seedRead } from './reuse-reads.js';
import { PULL_REQUEST_QUERY, type ConfigObject, type PrQueryAnswer } from './pull-request-query.js';

/** The pull requests each delivery's client already queried. */
const prefetched = new WeakMap<object, Set<string>>();

type Connection<T> = { totalCount: number; nodes: T[] };
type Actor = { __typename: string; login: string } | null;

/** GraphQL writes a bot's login without `[bot]`; REST, and so everything here, with it. */
const restLogin = (actor: Actor): { login: string; type: string } | null =>
  actor === null
    ? null
    : {
        login: actor.__typename === 'Bot' ? `${actor.login}[bot]` : actor.login,
        type: actor.__typename === 'Bot' ? 'Bot' : 'User',
      };

/** A connection read whole in one page (REST's first page of 100 is then whole too). */
const whole = <T>(c: Connection<T> | null | undefined): c is Connection<T> =>
  c != null && c.totalCount <= c.nodes.length && c.nodes.length <= 100;

/**
 * Reads, in ONE GraphQL query, what a delivery then reads of a pull request through REST — the pull
 * request, the config file on the default branch, its comments, the head's latest check runs and the
 * repository's labels — and hands each to the client's reused reads in REST's shape, so those REST
 * reads cost no request. Only what GraphQL says in full is seeded (a list longer than one page, a
 * binary or cut-off config is read through REST as before); the changed files are not (GraphQL gives
 * neither their blob SHA nor their diff). Best effort: when the query fails, every read goes to REST.
 */
export async function prefetchPullRequest(
  octokit: GitHub & GraphqlClient,
  where: { owner: string; repo: string; number: number },
): Promise<void> {
  if (!reusesReads(octokit)) return; // nothing would read the answer
  const name = `${where.owner}/${where.repo}#${where.number}`.toLowerCase();
  const asked = prefetched.get(octokit) ?? new Set<string>();
  if (asked.has(name)) return; // once per delivery: later reads come from what the delivery read and wrote
  prefetched.set(octokit, asked.add(name));
  let answer: PrQueryAnswer;
  try {
    answer = await octokit.graphql<PrQueryAnswer>(PULL_REQUEST_QUERY, {
      owner: where.owner,
      repo: where.repo,
      number: where.number,
      config: `HEAD:${DEFAULT_CONFIG_PATH}`,
    });
  } catch {
    return;
  }
  const repository = answer.repository;
  const pull = repository?.pullRequest;
  if (!repository || !pull || !repository.defaultBranchRef) return;
  const repo = { owner: where.owner, repo: where.repo };
  const defaultBranch = repository.defaultBranchRef.name;
  if (whole(pull.labels)) {
    seedRead(
      octokit,
      'GET /repos/{owner}/{repo}/pulls/{pull_number}',
      { ...repo, pull_number: pull.number },
      {
        number: pull.number,
        state: pull.state === 'OPEN' ? 'open' : 'closed',
        draft: pull.isDraft,
        created_at: pull.createdAt,
        merged: pull.state === 'MERGED',
        merged_at: pull.mergedAt,
        merged_by: pull.mergedBy,
        body: pull.body === '' ? null : pull.body,
        user: restLogin(pull.author),
        labels: pull.labels.nodes.map((l) => ({ name: l.name })),
        head: {
          sha: pull.headRefOid,
          ref: pull.headRefName,
          repo: pull.headRepository === null ? null : { full_name: pull.headRepository.nameWithOwner },
        },
        base: {
          repo: {
            full_name: repository.nameWithOwner,
            name: repository.name,
            owner: { login: repository.owner.login },
            default_branch: defaultBranch,
          },
        },
      },
    );
  }
  seedConfig(octokit, { ...repo, path: DEFAULT_CONFIG_PATH, ref: defaultBranch }, repository.config);
  if (whole(pull.comments)) {
    seedRead(
      octokit,
      'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
      { ...repo, issue_number: pull.number, per_page: 100 },
      pull.comments.nodes.map((c) => ({
        id: c.databaseId,
        node_id: c.id,
        body: c.body,
        created_at: c.createdAt,
        updated_at: c.updatedAt,
        user: restLogin(c.author),
      })),
    );
  }
  const head = pull.commits.nodes[0]?.commit;
  if (head && whole(head.checkSuites) && head.checkSuites.nodes.every((s) => whole(s.checkRuns))) {
    const runs = head.checkSuites.nodes
      .flatMap((s) => s.checkRuns.nodes)
      .sort((a, b) => b.databaseId - a.databaseId);
    if (runs.length <= 100) {
      seedRead(
        octokit,
        'GET /repos/{owner}/{repo}/commits/{ref}/check-runs',
        { ...repo, ref: head.oid, filter: 'latest', per_page: 100 },
        {
          total_count: runs.length,
          check_runs: runs.map((r) => ({
            id: r.databaseId,
            name: r.name,
            status: r.status.toLowerCase(),
            conclusion: r.conclusion?.toLowerCase() ?? null,
            html_url: r.url,
            output: { title: r.title, summary: r.summary, text: r.text },
          })),
        },
      );
    }
  }
  if (whole(repository.labels)) {
    seedRead(
      octokit,
      'GET /repos/{owner}/{repo}/labels',
      { ...repo, per_page: 100 },
      repository.labels.nodes.map((l) => ({ name: l.name, color: l.color, description: l.description })),
    );
  }
}

/** The contents API's answer for the config file: 404 when absent, its text when GraphQL gave all of it. */
function seedConfig(
  octokit: GitHub,
  at: { owner: string; repo: string; path: string; ref: string },
  blob: ConfigObject,
): void {
  const route = 'GET /repos/{owner}/{repo}/contents/{path}';
  if (blob === null) return seedRead(octokit, route, at, null);
  if (blob.__typename !== 'Blob' || blob.byteSize === undefined) return; // a directory: the contents API lists it
  const name = at.path.split('/').pop();
  // The contents API gives text up to 1 MB; readFileAt reads none past 256 KB, so the size says enough.
  if (blob.byteSize > 256 * 1024)
    return seedRead(octokit, route, at, {
      type: 'file',
      size: blob.byteSize,
      name,
      path: at.path,
      encoding: 'none',
      content: '',
    });
  if (
    !('isBinary' in blob) ||
    blob.isBinary ||
    blob.isTruncated ||
    blob.text === null ||
    Buffer.byteLength(blob.text) !== blob.byteSize
  )
    return; // not the bytes as they are
  seedRead(octokit, route, at, {
    type: 'file',
    size: blob.byteSize,
    name,
    path: at.path,
    encoding: 'base64',
    content: Buffer.from(blob.text).toString('base64'),
  });
}
