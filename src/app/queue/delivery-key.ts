/**
 * One webhook delivery as the queue keeps it: what `probot.receive` needs, and the pull request it concerns.
 */
export interface Delivery {
  id: string;
  name: string;
  payload: unknown;
  /** Deliveries with the same key are handled one at a time, in the order they arrived. */
  key: string;
}

interface KeyedPayload {
  repository?: { full_name?: string };
  pull_request?: { number?: number };
  issue?: { number?: number };
  workflow_run?: {
    pull_requests?: { number: number }[];
    head_branch?: string | null;
    head_repository?: { full_name?: string } | null;
  };
  check_run?: { pull_requests?: { number: number }[]; head_sha?: string };
}

/**
 * The pull request a delivery concerns, as `owner/repo#number`: pull_request, issue_comment (an issue
 * and a pull request share their numbering), workflow_run and check_run through their listed pull
 * requests. A fork's run lists none: it is keyed by its head branch, which is all that names its PR.
 * Anything else is keyed by its repository, so it still never races with itself.
 */
export function deliveryKey(name: string, payload: unknown): string {
  const p = (payload ?? {}) as KeyedPayload;
  const repo = p.repository?.full_name ?? 'no-repository';
  const number =
    p.pull_request?.number ??
    p.issue?.number ??
    p.workflow_run?.pull_requests?.[0]?.number ??
    p.check_run?.pull_requests?.[0]?.number;
  if (typeof number === 'number') return `${repo}#${number}`;
  const run = p.workflow_run;
  if (run?.head_branch) return `${repo}@${run.head_repository?.full_name ?? repo}:${run.head_branch}`;
  return `${repo}:${name}`;
}
