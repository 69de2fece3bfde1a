import { readFile } from 'node:fs/promises';

/** The pull request's number from the workflow's event payload, or null (another event, or none). */
export async function pullRequestNumber(eventPath: string | undefined): Promise<number | null> {
  return (await readPullRequest(eventPath))?.number ?? null;
}

/** What standalone mode needs of a `pull_request` event. */
export interface PullRequestEvent {
  number: number;
  /** The repository the pull request lives in (its base). */
  owner: string;
  repo: string;
  /** The head commit the event is about: what the checkout should hold. */
  headSha: string;
  /** The branch to push fixes to. */
  headRef: string;
  /** The head branch lives in another repository than the base: never pushed to. */
  isFork: boolean;
  /** The PR's labels when the event fired. */
  labels: string[];
}

interface Payload {
  pull_request?: {
    number?: unknown;
    labels?: { name?: unknown }[];
    head?: { sha?: unknown; ref?: unknown; repo?: { full_name?: unknown } | null };
    base?: { repo?: { full_name?: unknown } };
  };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The events whose payload is a pull request's: the Action carries a pull request on these. */
const PULL_REQUEST_EVENTS: readonly string[] = ['pull_request', 'pull_request_target'];

/** A pull request event whose payload cannot be read: the step fails with this one line, naming the file. */
export class EventPayloadError extends Error {
  override readonly name = 'EventPayloadError';
}

/** What the run is about: a pull request, or another event (push, schedule, workflow_dispatch…). */
export type WorkflowEvent =
  | { kind: 'pull-request'; pr: PullRequestEvent }
  | {
      kind: 'other';
      /** GITHUB_EVENT_NAME; '' when it is not set. */
      name: string;
    };

/**
 * The run's event from GITHUB_EVENT_NAME and the payload at GITHUB_EVENT_PATH. On a `pull_request` or
 * `pull_request_target` event the payload must be readable and hold the pull request's number, else
 * EventPayloadError naming GITHUB_EVENT_PATH: going on would run the loop on a pull request it cannot name.
 * Another event is about a pull request only when its payload holds one (`pull_request_review`, say).
 */
export async function readEvent(env: NodeJS.ProcessEnv): Promise<WorkflowEvent> {
  const name = env.GITHUB_EVENT_NAME?.trim() ?? '';
  const path = env.GITHUB_EVENT_PATH;
  if (!PULL_REQUEST_EVENTS.includes(name)) {
    const pr = await readPullRequest(path);
    return pr === null ? { kind: 'other', name } : { kind: 'pull-request', pr };
  }
  const on = `this is a \`${name}\` event, but`;
  if (!path)
    throw new EventPayloadError(
      `${on} GITHUB_EVENT_PATH is not set: the runner sets it to the event's payload`,
    );
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new EventPayloadError(`${on} its payload GITHUB_EVENT_PATH (${path}) could not be read (${code})`);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new EventPayloadError(`${on} its payload GITHUB_EVENT_PATH (${path}) is not JSON`);
  }
  const pr = pullRequestOf(payload);
  if (pr === null)
    throw new EventPayloadError(
      `${on} its payload GITHUB_EVENT_PATH (${path}) holds no pull request (no pull_request.number)`,
    );
  return { kind: 'pull-request', pr };
}

/**
 * The pull request from the event payload, or null when the event is not about one (or the payload is
 * unreadable). A head repository that is missing (deleted fork) or differs from the base is a fork.
 */
export async function readPullRequest(eventPath: string | undefined): Promise<PullRequestEvent | null> {
  if (!eventPath) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(await readFile(eventPath, 'utf8'));
  } catch {
    return null;
  }
  return pullRequestOf(payload);
}

function pullRequestOf(json: unknown): PullRequestEvent | null {
  if (typeof json !== 'object' || json === null) return null;
  const payload = json as Payload;
  const pr = payload.pull_request;
  const n = pr?.number;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0) return null;
  const base = str(pr?.base?.repo?.full_name);
  const head = str(pr?.head?.repo?.full_name);
  const [owner, repo, ...rest] = (base ?? '').split('/');
  const headSha = str(pr?.head?.sha);
  const headRef = str(pr?.head?.ref);
  if (
    !owner ||
    !repo ||
    rest.length > 0 ||
    headSha === undefined ||
    !/^[0-9a-f]{40}$/.test(headSha) ||
    headRef === undefined
  ) {
    return {
      number: n,
      owner: owner ?? '',
      repo: repo ?? '',
      headSha: headSha ?? '',
      headRef: headRef ?? '',
      isFork: true,
      labels: [],
    };
  }
  const labels = (pr?.labels ?? []).map((l) => str(l.name)).filter((l): l is string => l !== undefined);
  return {
    number: n,
    owner,
    repo,
    headSha,
    headRef,
    isFork: head === undefined || head.toLowerCase() !== base?.toLowerCase(),
    labels,
  };
}

/** Whether the event holds everything standalone mode needs to write to the pull request. */
export function isComplete(pr: PullRequestEvent): boolean {
  return pr.owner !== '' && pr.repo !== '' && /^[0-9a-f]{40}$/.test(pr.headSha) && pr.headRef !== '';
}
