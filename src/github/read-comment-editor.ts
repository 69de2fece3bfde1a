import type { Octokit } from '@octokit/rest';

/** What reading a comment's last editor needs: GraphQL (REST does not say who edited a comment). */
export type GraphqlClient = Pick<Octokit, 'graphql'>;

const QUERY = 'query($id: ID!) { node(id: $id) { ... on IssueComment { editor { login } lastEditedAt } } }';

/**
 * Who last edited a comment, by its node id: a login (GraphQL writes a bot's without `[bot]`), null when
 * nobody ever edited it. Throws what octokit throws; the caller decides what a failed read means.
 */
export async function readCommentEditor(octokit: GraphqlClient, nodeId: string): Promise<string | null> {
  const data = await octokit.graphql<{
    node: { editor?: { login: string } | null; lastEditedAt?: string | null } | null;
  }>(QUERY, { id: nodeId });
  return data.node?.lastEditedAt ? (data.node.editor?.login ?? 'a deleted account') : null;
}

/** Whether two logins are the same account, one of them as GraphQL writes a bot's. */
export function sameLogin(a: string, b: string): boolean {
  const bare = (login: string) => login.toLowerCase().replace(/\[bot\]$/, '');
  return bare(a) === bare(b);
}
