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

/**
 * The pull request from the event payload, or null when the event is not about one (or the payload is
 * unreadable). A head repository that is missing (deleted fork) or differs from the base is a fork.
 */
export async function readPullRequest(eventPath: string | undefined): Promise<PullRequestEvent | null> {
  if (!eventPath) return null;
  let payload: Payload;
  try {
    payload = JSON.parse(await readFile(eventPath, 'utf8')) as Payload;
  } catch {
    return null;
  }
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
