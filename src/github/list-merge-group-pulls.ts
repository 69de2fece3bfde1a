import type { GraphqlClient } from './read-comment-editor.js';

/** The merge queue's entries of a branch, in queue order. */
const MERGE_QUEUE_QUERY = `query ClosedLoopMergeQueue($owner: String!, $repo: String!, $branch: String!) {
  repository(owner: $owner, name: $repo) {
    mergeQueue(branch: $branch) {
      entries(first: 100) { nodes { position headCommit { oid } pullRequest { number } } }
    }
  }
}`;

interface QueueAnswer {
  repository: {
    mergeQueue: {
      entries: {
        nodes: {
          position: number;
          headCommit: { oid: string } | null;
          pullRequest: { number: number } | null;
        }[];
      };
    } | null;
  } | null;
}

/** `refs/heads/gh-readonly-queue/main/pr-104-<sha>`: the pull request a merge group's branch was made for. */
const QUEUE_REF = /(?:^|\/)gh-readonly-queue\/.+\/pr-(\d+)-[0-9a-f]{40}$/;

/** The pull request a merge queue branch names, or null when it is not one. */
export function pullOfQueueRef(ref: string): number | null {
  const n = Number(QUEUE_REF.exec(ref)?.[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The pull requests in a merge group: its branch names the one it was made for, and the queue's entries up
 * to the one whose head is the group's head are the ones its commit holds. The queue is read in one
 * GraphQL query (best effort: without it, the branch's pull request alone). Sorted, each once.
 */
export async function listMergeGroupPulls(
  octokit: GraphqlClient,
  group: { owner: string; repo: string; headRef: string; baseRef: string; headSha: string },
): Promise<{ numbers: number[]; why?: string }> {
  const named = pullOfQueueRef(group.headRef);
  const numbers = new Set(named === null ? [] : [named]);
  try {
    const answer = await octokit.graphql<QueueAnswer>(MERGE_QUEUE_QUERY, {
      owner: group.owner,
      repo: group.repo,
      branch: group.baseRef.replace(/^refs\/heads\//, ''),
    });
    const entries = answer.repository?.mergeQueue?.entries.nodes ?? [];
    const mine = entries.find((e) => e.headCommit?.oid === group.headSha);
    if (mine !== undefined)
      for (const e of entries)
        if (e.position <= mine.position && e.pullRequest) numbers.add(e.pullRequest.number);
  } catch {
    // the branch's own pull request is enough to go on
  }
  return numbers.size > 0
    ? { numbers: [...numbers].sort((a, b) => a - b) }
    : {
        numbers: [],
        why: `its branch \`${group.headRef}\` names no pull request, and the merge queue lists none for its head`,
      };
}
