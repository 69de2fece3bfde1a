import { createRequire } from 'node:module';

interface WebhookDefinition {
  name: string;
  examples: Record<string, unknown>[];
}

/** A pull_request event payload, as far as the tests edit it. */
export interface PrPayload {
  action: string;
  number: number;
  after: string;
  pull_request: {
    number: number;
    head: { ref: string; sha: string; repo: Repo | null };
    base: { ref: string; repo: Repo };
    labels: { name: unknown }[];
  };
  repository: Repo;
  [key: string]: unknown;
}
interface Repo {
  name: string;
  full_name: string;
  fork: boolean;
  owner: { login: string };
}

/** @octokit/webhooks-examples' index.json: one definition per event, each with real example payloads. */
const definitions = createRequire(import.meta.url)('@octokit/webhooks-examples') as WebhookDefinition[];

/** The real `pull_request.synchronize` example (Codertocat/Hello-World#2), a fresh copy each call. */
export function realSynchronizePayload(): PrPayload {
  const example = definitions
    .find((d) => d.name === 'pull_request')
    ?.examples.find((e) => e.action === 'synchronize');
  if (example === undefined)
    throw new Error('@octokit/webhooks-examples has no pull_request.synchronize example');
  return structuredClone(example) as PrPayload;
}

/** The repository the tests' runs pretend to be in (GITHUB_REPOSITORY), and the example's PR. */
export const OWNER = 'octo-org';
export const REPO = 'shop';
const real = realSynchronizePayload();
export const PR_NUMBER = real.pull_request.number;
/** The PR's head branch in the example: where a fix is pushed. */
export const HEAD_REF = real.pull_request.head.ref;
export const FORK_OWNER = 'forker';
/** The issues API path of the example's pull request in the tests' repository. */
export const PR_PATH = `/repos/${OWNER}/${REPO}/issues/${PR_NUMBER}`;

function moveRepo(repo: Repo, owner: string, fork: boolean): void {
  repo.owner.login = owner;
  repo.name = REPO;
  repo.full_name = `${owner}/${REPO}`;
  repo.fork = fork;
}

/**
 * The real synchronize example derived for a test run; only what the run depends on changes: the
 * repository (base, head and `repository`) becomes octo-org/shop, the head SHA (and `after`) the temp
 * repository's commit, the labels the test's. With `fork`, the head repository is forker/shop.
 * Everything else (URLs, users, the installation) stays the example's.
 */
export function synchronizePayload(
  headSha: string,
  opts: { fork?: boolean; labels?: string[] } = {},
): PrPayload {
  const p = realSynchronizePayload();
  const pr = p.pull_request;
  moveRepo(p.repository, OWNER, false);
  moveRepo(pr.base.repo, OWNER, false);
  if (pr.head.repo === null) throw new Error("the example's head repository is null");
  moveRepo(pr.head.repo, opts.fork ? FORK_OWNER : OWNER, opts.fork === true);
  pr.head.sha = headSha;
  p.after = headSha;
  if (opts.labels !== undefined) pr.labels = opts.labels.map((name) => ({ name }));
  return p;
}
