/**
 * One query for what a delivery reads of a pull request (prefetchPullRequest). Every list asks for
 * its totalCount, so that a list longer than one page is known to be cut and is read through REST.
 */
export const PULL_REQUEST_QUERY = `query ClosedLoopPullRequest($owner: String!, $repo: String!, $number: Int!, $config: String!) {
  repository(owner: $owner, name: $repo) {
    nameWithOwner
    name
    owner { login }
    defaultBranchRef { name }
    config: object(expression: $config) { __typename ... on Blob { byteSize isBinary isTruncated text } }
    labels(first: 100) { totalCount nodes { name color description } }
    pullRequest(number: $number) {
      number
      state
      isDraft
      createdAt
      mergedAt
      mergedBy { login }
      body
      author { __typename login }
      headRefName
      headRefOid
      headRepository { nameWithOwner }
      labels(first: 100) { totalCount nodes { name } }
      comments(first: 100) { totalCount nodes { databaseId id body createdAt updatedAt author { __typename login } } }
      commits(last: 1) {
        nodes {
          commit {
            oid
            checkSuites(first: 50) {
              totalCount
              nodes { checkRuns(first: 100, filterBy: { checkType: LATEST }) { totalCount nodes { databaseId name status conclusion url title summary text } } }
            }
          }
        }
      }
    }
  }
}`;

type Connection<T> = { totalCount: number; nodes: T[] };
type Actor = { __typename: string; login: string } | null;

export type ConfigObject =
  | { __typename: 'Blob'; byteSize: number; isBinary: boolean; isTruncated: boolean; text: string | null }
  | { __typename: string; byteSize?: undefined }
  | null;

export interface PrQueryAnswer {
  repository: {
    nameWithOwner: string;
    name: string;
    owner: { login: string };
    defaultBranchRef: { name: string } | null;
    config: ConfigObject;
    labels: Connection<{ name: string; color: string; description: string | null }>;
    pullRequest: {
      number: number;
      state: 'OPEN' | 'CLOSED' | 'MERGED';
      isDraft: boolean;
      createdAt: string;
      mergedAt: string | null;
      mergedBy: { login: string } | null;
      body: string;
      author: Actor;
      headRefName: string;
      headRefOid: string;
      headRepository: { nameWithOwner: string } | null;
      labels: Connection<{ name: string }>;
      comments: Connection<{
        databaseId: number;
        id: string;
        body: string;
        createdAt: string;
        updatedAt: string;
        author: Actor;
      }>;
      commits: {
        nodes: {
          commit: {
            oid: string;
            checkSuites: Connection<{
              checkRuns: Connection<{
                databaseId: number;
                name: string;
                status: string;
                conclusion: string | null;
                url: string;
                title: string | null;
                summary: string | null;
                text: string | null;
              }>;
            }>;
          };
        }[];
      };
    } | null;
  } | null;
}
