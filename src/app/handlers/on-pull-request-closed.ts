import type { AppEnv } from '../app-env.js';

interface ClosedPayload {
  pull_request: {
    number: number;
    title: string;
    html_url: string;
    merged?: boolean | null;
    merged_at?: string | null;
    closed_at?: string | null;
    merge_commit_sha?: string | null;
  };
  repository: { full_name: string };
}

/**
 * pull_request.closed: the pull request's life ends, merged (COMPLETE, with its merge commit: a later
 * revert of it on the default branch counts against the fixes it carried) or not (CLOSED). Recorded in
 * the outcome history (its fixes are then merged or abandoned); its comment and check stay as they are.
 */
export async function onPullRequestClosed(env: AppEnv, payload: ClosedPayload): Promise<void> {
  const pull = payload.pull_request;
  const repo = payload.repository.full_name;
  const merged = pull.merged === true;
  const stage = merged ? 'COMPLETE' : 'CLOSED';
  const at = new Date((merged ? pull.merged_at : pull.closed_at) ?? Date.now()).toISOString();
  env.log.info(
    `${repo}#${pull.number}: ${merged ? 'merged' : 'closed without merging'}; recorded as ${stage}`,
  );
  await env.outcomes.recordStage({
    installation: env.installation,
    repo,
    pr: pull.number,
    stage,
    at,
    key: `${repo}#${pull.number}:${stage}:${at}`,
    sha: merged ? (pull.merge_commit_sha ?? null) : null,
    title: pull.title,
    url: pull.html_url,
  });
}
