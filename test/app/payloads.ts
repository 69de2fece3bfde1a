import { example, INSTALLATION } from './app-kit.js';

// Every payload here is DERIVED from a real one in @octokit/webhooks-examples (Codertocat/Hello-World
// pull request #2): only what a test depends on is changed, and each builder says what.

export const OWNER = 'Codertocat';
export const REPO = 'Hello-World';
export const PR = 2;
export const AUTHOR = 'Codertocat';
export const DEFAULT_BRANCH = 'master';
export const HEAD_REF = 'changes';
export const HEAD = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821';
export const REPO_PATH = `/repos/${OWNER}/${REPO}`;
/** The installation a derived payload names (the examples of some events have none). */
export const INSTALLATION_PAYLOAD = { id: INSTALLATION, node_id: 'MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMQ==' };

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** pull_request.`action`, derived: the installation set, the head SHA and labels the test's. */
export function pullRequestPayload(
  action: 'opened' | 'synchronize' | 'reopened' | 'labeled' | 'unlabeled',
  opts: { head?: string; labels?: string[]; label?: string; sender?: string; fork?: boolean } = {},
): Json {
  const p = example<Json>('pull_request', action, action === 'opened' ? 1 : 0);
  p.installation = { id: INSTALLATION, node_id: 'MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMQ==' };
  p.pull_request.head.sha = opts.head ?? HEAD;
  p.pull_request.state = 'open';
  if (action === 'synchronize') p.after = p.pull_request.head.sha;
  p.pull_request.labels = (opts.labels ?? []).map((name, i) => ({
    id: 1000 + i,
    name,
    color: 'ededed',
    default: false,
  }));
  if (opts.label !== undefined) p.label = { id: 999, name: opts.label, color: 'ededed', default: false };
  if (opts.sender !== undefined)
    p.sender = { ...p.sender, login: opts.sender, type: opts.sender.endsWith('[bot]') ? 'Bot' : 'User' };
  if (opts.fork)
    p.pull_request.head.repo = {
      ...p.pull_request.head.repo,
      full_name: `forker/${REPO}`,
      fork: true,
      owner: { ...p.pull_request.head.repo.owner, login: 'forker' },
    };
  return p;
}

/**
 * issue_comment.`action`, derived: on the pull request (the example is on an issue), with the test's body,
 * sender and id.
 */
export function commentPayload(
  body: string,
  opts: { action?: 'created' | 'edited'; sender?: string; id?: number; type?: 'User' | 'Bot' } = {},
): Json {
  const p = example<Json>('issue_comment', opts.action ?? 'created');
  p.installation = { id: INSTALLATION, node_id: 'MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMQ==' };
  p.issue.number = PR;
  p.issue.pull_request = {
    url: `https://api.github.com${REPO_PATH}/pulls/${PR}`,
    html_url: `https://github.com/${OWNER}/${REPO}/pull/${PR}`,
  };
  p.comment.id = opts.id ?? 5001;
  p.comment.body = body;
  const login = opts.sender ?? 'alice';
  const type = opts.type ?? (login.endsWith('[bot]') ? 'Bot' : 'User');
  p.comment.user = { ...p.comment.user, login, type };
  p.sender = { ...p.sender, login, type };
  p.repository.owner.login = OWNER;
  p.repository.name = REPO;
  p.repository.full_name = `${OWNER}/${REPO}`;
  return p;
}

/** The pull request as `GET /pulls/{n}` returns it: the example's, at the test's head. */
export function pullResponse(
  opts: { head?: string; labels?: string[]; body?: string; fork?: boolean } = {},
): Json {
  const p = pullRequestPayload('opened', opts).pull_request;
  if (opts.body !== undefined) p.body = opts.body;
  return p;
}

/**
 * workflow_run.completed, derived: a pull_request run of this PR's head that concluded `conclusion` (on
 * attempt `attempt`).
 */
export function workflowRunPayload(
  opts: {
    id?: number;
    head?: string;
    conclusion?: string;
    pullNumbers?: number[];
    headRepo?: string;
    attempt?: number;
    name?: string;
  } = {},
): Json {
  const p = example<Json>('workflow_run', 'completed');
  p.installation = { id: INSTALLATION, node_id: 'MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMQ==' };
  const run = p.workflow_run;
  run.id = opts.id ?? 30433642;
  run.head_sha = opts.head ?? HEAD;
  run.head_branch = HEAD_REF;
  run.event = 'pull_request';
  run.status = 'completed';
  run.conclusion = opts.conclusion ?? 'failure';
  run.run_attempt = opts.attempt ?? run.run_attempt;
  if (opts.name !== undefined) run.name = opts.name;
  run.html_url = `https://github.com/${OWNER}/${REPO}/actions/runs/${run.id}`;
  run.pull_requests = (opts.pullNumbers ?? [PR]).map((number) => ({
    number,
    id: number,
    url: `https://api.github.com${REPO_PATH}/pulls/${number}`,
    head: { ref: HEAD_REF, sha: run.head_sha, repo: { id: 1, name: REPO, url: '' } },
    base: { ref: DEFAULT_BRANCH, sha: 'f'.repeat(40), repo: { id: 1, name: REPO, url: '' } },
  }));
  run.head_repository = { ...run.head_repository, full_name: opts.headRepo ?? `${OWNER}/${REPO}` };
  p.repository.owner.login = OWNER;
  p.repository.name = REPO;
  p.repository.full_name = `${OWNER}/${REPO}`;
  return p;
}

/**
 * pull_request.closed, derived from the real example: the installation, the test's head, and — merged — the
 * `merged`, `merged_at` and `merged_by` GitHub sets on a merge (the example was closed without merging).
 */
export function closedPayload(opts: { head?: string; merged?: { at: string; by: string } } = {}): Json {
  const p = example<Json>('pull_request', 'closed');
  p.installation = INSTALLATION_PAYLOAD;
  p.pull_request.head.sha = opts.head ?? HEAD;
  p.pull_request.state = 'closed';
  p.pull_request.merged = opts.merged !== undefined;
  p.pull_request.merged_at = opts.merged?.at ?? null;
  p.pull_request.merged_by = opts.merged ? { ...p.sender, login: opts.merged.by } : null;
  return p;
}

/** pull_request.ready_for_review, derived: the installation and the test's head. */
export function readyPayload(opts: { head?: string } = {}): Json {
  const p = example<Json>('pull_request', 'ready_for_review');
  p.installation = INSTALLATION_PAYLOAD;
  p.pull_request.head.sha = opts.head ?? HEAD;
  p.pull_request.state = 'open';
  p.pull_request.draft = false;
  return p;
}

/**
 * merge_group.checks_requested, derived: the installation, the repository of these tests, and a queue
 * branch for pull request #`pr` of the default branch with the test's head.
 */
export function mergeGroupPayload(opts: { head: string; pr?: number }): Json {
  const p = example<Json>('merge_group', 'checks_requested');
  p.installation = INSTALLATION_PAYLOAD;
  p.merge_group.head_sha = opts.head;
  p.merge_group.base_ref = `refs/heads/${DEFAULT_BRANCH}`;
  p.merge_group.head_ref = `refs/heads/gh-readonly-queue/${DEFAULT_BRANCH}/pr-${opts.pr ?? PR}-${'9'.repeat(40)}`;
  p.repository = {
    ...p.repository,
    name: REPO,
    full_name: `${OWNER}/${REPO}`,
    owner: { ...p.repository.owner, login: OWNER },
  };
  return p;
}
