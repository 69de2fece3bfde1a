import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixRepos } from '../github/fix-patch-kit.js';
import { git } from '../helpers/temp-repo.js';
import { useApp } from './app-kit.js';
import { HEAD, pullRequestPayload, workflowRunPayload } from './payloads.js';

// A delivery reads most of what it needs in one GraphQL query, and those answers are the ones REST
// would give: the same delivery with GraphQL down (every read through REST) writes the same.

const kit = useApp();
const makeFix = fixRepos();
const RUN = 30433642;

/**
 * Forgets the pull request's comments, labels and checks and the requests seen: the PR as before its first
 * delivery.
 */
function reset(graphqlDown: boolean): void {
  const github = kit.github;
  Object.assign(github, { comments: [], labels: [], repoLabels: [], checkRuns: [] });
  for (const list of [github.writes, github.reads, github.graphqlQueries]) list.length = 0;
  if (graphqlDown) github.failures.set('POST /graphql', { status: 502, message: 'Bad Gateway' });
  else github.failures.delete('POST /graphql');
}

/** Each write as `METHOD path body`. */
const written = (): string[] =>
  kit.github.writes.map((w) => `${w.method} ${w.path} ${JSON.stringify(w.body)}`);

describe('one GraphQL query per delivery', () => {
  // The stage's time is in the App's state: both deliveries see the same clock (only Date is faked).
  afterEach(() => {
    vi.useRealTimers();
  });
  it("a PR opened: the PR, the config, the comments, the head's checks and the labels come from one query, and it writes what it writes with every read through REST", async () => {
    kit.github.files = [
      { filename: 'src/auth/login.ts', sha: 'a'.repeat(40), status: 'modified', additions: 3, deletions: 1 },
    ];
    vi.useFakeTimers({ toFake: ['Date'] });
    const open = async (graphqlDown: boolean) => {
      vi.setSystemTime(new Date('2026-03-02T09:00:00Z'));
      reset(graphqlDown);
      await kit.restart(); // an instance that remembers no write of its own
      await kit.receive('pull_request', pullRequestPayload('opened'), `open-${graphqlDown}`);
      return {
        reads: [...kit.github.reads].sort(),
        writes: written(),
        queries: [...kit.github.graphqlQueries],
      };
    };
    const one = await open(false);
    expect(one.queries).toEqual(['ClosedLoopPullRequest']);
    expect(one.reads).toEqual(['/pulls/2/files']); // GraphQL gives neither a file's blob SHA nor its diff
    expect(kit.github.labels).toContain('needs:security-review');
    const rest = await open(true);
    expect(rest.reads).toEqual([
      `/commits/${HEAD}/check-runs`,
      '/contents/.github/closed-loop.yml',
      '/issues/2/comments',
      '/labels',
      '/pulls/2',
      '/pulls/2/files',
    ]);
    expect(rest.writes).toEqual(one.writes);
  });

  it("a fix committed: the branch, the head, the loop guard's commits and the files along the patch come from one more query; the texts go in the tree", async () => {
    const fix = await makeFix();
    kit.github.git = fix.dir;
    kit.github.artifacts.set(
      RUN,
      zipSync({ 'result.json': strToU8(fix.resultJson), 'fix.patch': strToU8(fix.patch) }),
    );
    const commit = async (graphqlDown: boolean) => {
      reset(graphqlDown);
      kit.github.headSha = kit.github.branchHead = fix.start;
      await kit.receive(
        'workflow_run',
        workflowRunPayload({ head: fix.start, conclusion: 'success' }),
        `run-${graphqlDown}`,
      );
      expect(kit.github.branchHead).not.toBe(fix.start);
      // Exactly the Action's fix: the changed, added and deleted files, run.sh still executable.
      expect(git(fix.dir, 'rev-parse', `${kit.github.branchHead}^{tree}`)).toBe(
        git(fix.dir, 'rev-parse', `${fix.end}^{tree}`),
      );
      return {
        reads: [...kit.github.reads],
        writes: kit.github.writes.map((w) => `${w.method} ${w.path}`),
        queries: [...kit.github.graphqlQueries],
      };
    };
    const one = await commit(false);
    expect(one.queries).toEqual(['ClosedLoopPullRequest', 'ClosedLoopPatchBase']);
    expect(one.reads.filter((r) => r.includes('/git/') || r === '/commits')).toEqual([]);
    expect(one.writes.filter((w) => w.includes('/git/'))).toEqual([
      'POST /repos/Codertocat/Hello-World/git/trees',
      'POST /repos/Codertocat/Hello-World/git/commits',
      'PATCH /repos/Codertocat/Hello-World/git/refs/heads/changes',
    ]);
    const rest = await commit(true);
    expect(rest.reads.filter((r) => r.includes('/git/') || r === '/commits').length).toBeGreaterThan(3);
    expect(rest.writes).toEqual(one.writes);
  });
});
