import { sendWrite, type GitHub, type PlannedRequest } from './github-request.js';

const CREATE = 'POST /repos/{owner}/{repo}/issues';
const UPDATE = 'PATCH /repos/{owner}/{repo}/issues/{issue_number}';

/**
 * Creates the flaky record issue, or rewrites its body in place; sends nothing when the body is already this.
 */
export async function writeFlakyIssue(
  octokit: GitHub,
  repo: { owner: string; repo: string },
  existing: { number: number; body: string } | null,
  issue: { title: string; label: string; body: string },
): Promise<PlannedRequest[]> {
  const sent: PlannedRequest[] = [];
  if (existing === null)
    await sendWrite(octokit, sent, CREATE, {
      ...repo,
      title: issue.title,
      body: issue.body,
      labels: [issue.label],
    });
  else if (existing.body !== issue.body)
    await sendWrite(octokit, sent, UPDATE, { ...repo, issue_number: existing.number, body: issue.body });
  return sent;
}
