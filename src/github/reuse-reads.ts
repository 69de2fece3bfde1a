type Options = { method: string; url: string; headers?: Record<string, string>; [k: string]: unknown };
type Response = { data: unknown; headers?: Record<string, string | undefined>; [k: string]: unknown };

/** The part of an Octokit a hook wraps (Probot's per-delivery client, or any other). */
interface Hookable {
  hook: {
    wrap(name: 'request', wrapper: (send: (o: never) => unknown, options: Options) => Promise<unknown>): void;
  };
  request: {
    endpoint: { parse(options: never): { url: string }; merge(route: string, params: object): Options };
  };
}

/** Each reusing client's way to be told a read's answer before it makes it (see seedRead). */
const seeders = new WeakMap<object, (options: Options, answer: Promise<Response>) => void>();

/** What a write can change, by the resource in its route; null: anything. */
const FAMILIES = ['/comments', '/labels', '/check-runs', '/git/'];
const familyOf = (url: string): string | null => FAMILIES.find((f) => url.includes(f)) ?? null;

/**
 * Makes one client answer a GET it already made from memory until it writes what that GET read: a
 * delivery reads the PR's comments, checks and labels in several places, and reading them again from
 * GitHub in between says nothing new. For one delivery's client only: a write to comments forgets the
 * comments read, a write to anything else it cannot place forgets everything — except the writes whose
 * answer says what the read would now say (an issue's labels after adding or removing one, a comment
 * list after the client edited or added a comment): those update what was read.
 */
export function reuseReads(octokit: Hookable): void {
  const seen = new Map<string, Promise<Response>>();
  seeders.set(octokit, (options, answer) => {
    const key = readKey(octokit, options);
    if (seen.has(key)) return; // what was read (or seeded) first stands
    seen.set(key, answer);
    answer.then(
      (response) => seedLabels(seen, key, options, response),
      () => {},
    );
  });
  octokit.hook.wrap('request', (send, options) => {
    if (options.url.endsWith('/graphql')) return Promise.resolve(send(options as never)); // a query, not a write
    if (options.method.toUpperCase() !== 'GET') {
      const family = familyOf(options.url);
      const before = new Map(seen);
      // Creating a repository label changes no issue's labels: only the repository's list is stale.
      const creatingLabel =
        options.method.toUpperCase() === 'POST' &&
        /\/repos\/[^/]+\/[^/]+\/labels$/.test(options.url) &&
        !options.url.includes('/issues/');
      for (const key of seen.keys()) {
        if (
          creatingLabel
            ? /\/repos\/[^/]+\/[^/]+\/labels\?/.test(key) && !key.includes('/issues/')
            : family === null || familyOf(key) === family
        )
          seen.delete(key);
      }
      const answer = Promise.resolve(send(options as never)) as Promise<Response>;
      return answer.then(async (response) => {
        await learn(seen, before, octokit, options, response);
        return response;
      });
    }
    // A streamed body (a job's log) can be read once: never shared.
    if (
      (options.request as { parseSuccessResponseBody?: boolean } | undefined)?.parseSuccessResponseBody ===
      false
    )
      return Promise.resolve(send(options as never));
    const key = readKey(octokit, options);
    const known = seen.get(key);
    if (known !== undefined) return known.then(copy);
    const answer = Promise.resolve(send(options as never)) as Promise<Response>;
    seen.set(key, answer);
    answer.then(
      (response) => seedLabels(seen, key, options, response),
      () => seen.delete(key),
    ); // a failure is not remembered
    return answer.then(copy);
  });
}

/** Whether `octokit` reuses its reads (reuseReads was called on it): only then can a read be seeded. */
export function reusesReads(octokit: object): boolean {
  return seeders.has(octokit);
}

/**
 * Tells a reusing client what a GET would answer before it asks (a GraphQL query read the same data):
 * the GET is then answered from memory. `data` is the REST answer's body; `null` for GitHub's 404, which
 * the read then throws as octokit would. A read already made or seeded keeps its answer.
 */
export function seedRead(
  octokit: object,
  route: string,
  params: Record<string, unknown>,
  data: unknown,
): void {
  const seed = seeders.get(octokit);
  if (seed === undefined) return;
  const options = (octokit as Hookable).request.endpoint.merge(route, params);
  const url = (octokit as Hookable).request.endpoint.parse(options as never).url;
  if (data !== null) return seed(options, Promise.resolve({ status: 200, url, headers: {}, data }));
  const notFound = Object.assign(new Error('Not Found'), {
    status: 404,
    request: { method: 'GET', url, headers: {} },
    response: { status: 404, url, headers: {}, data: { message: 'Not Found' } },
  });
  const failed = Promise.reject(notFound);
  failed.catch(() => {}); // read later, or never
  seed(options, failed);
}

/** A pull request holds its labels: the issue's label list need not be read after it. */
function seedLabels(
  seen: Map<string, Promise<Response>>,
  key: string,
  options: Options,
  response: Response,
): void {
  const pull = /^GET ([^?]*\/repos\/[^/]+\/[^/]+)\/pulls\/(\d+)\?/.exec(key); // after the API's base path (GHE: /api/v3)
  const labels = (response.data as { labels?: unknown } | null)?.labels;
  if (!pull || !Array.isArray(labels) || labels.length >= 100) return;
  const list = keyOf(`${pull[1]}/issues/${pull[2]}/labels?per_page=100`, options);
  if (!seen.has(list)) seen.set(list, Promise.resolve({ ...response, data: labels }));
}

/** What a successful write's answer tells about reads made before it; everything else stays forgotten. */
async function learn(
  seen: Map<string, Promise<Response>>,
  before: Map<string, Promise<Response>>,
  octokit: Hookable,
  options: Options,
  response: Response,
): Promise<void> {
  const path = new URL(octokit.request.endpoint.parse(options as never).url, 'http://x').pathname;
  const method = options.method.toUpperCase();
  const issueLabels = /^(.*\/issues\/\d+\/labels)(?:\/[^/]+)?$/.exec(path);
  if (
    issueLabels &&
    (method === 'POST' || method === 'PUT' || method === 'DELETE') &&
    Array.isArray(response.data)
  ) {
    // GitHub answers with the labels now on the issue: what the list would say (one page: ≤ 100 labels).
    if (response.data.length < 100)
      seen.set(
        keyOf(`${issueLabels[1]}?per_page=100`, options),
        Promise.resolve({ ...response, status: 200 }),
      );
    return;
  }
  const edited = /\/issues\/comments\/(\d+)$/.exec(path);
  const added = /^(.*\/issues\/\d+\/comments)$/.exec(path);
  if (!(method === 'PATCH' && edited) && !(method === 'POST' && added)) return;
  const comment = response.data as { id?: number };
  for (const [key, read] of before) {
    if (!/\/issues\/\d+\/comments\?/.test(key)) continue;
    const list = await read.catch(() => null);
    if (list === null || !Array.isArray(list.data)) continue;
    const comments = list.data as { id: number }[];
    if (edited)
      seen.set(
        key,
        Promise.resolve({ ...list, data: comments.map((c) => (c.id === comment.id ? comment : c)) }),
      );
    // An added comment joins the list only when the list is whole (one page).
    else if (key.startsWith(`GET ${added![1]}?`) && !/rel="next"/.test(list.headers?.link ?? ''))
      seen.set(key, Promise.resolve({ ...list, data: [...comments, comment] }));
  }
}

/**
 * The GET's whole URL, query sorted: `request(route, params)` and a paginator's first page (which
 * passes the URL already expanded) read the same thing and share one answer.
 */
function readKey(octokit: Hookable, options: Options): string {
  return keyOf(octokit.request.endpoint.parse(options as never).url, options);
}

function keyOf(expanded: string, options: Options): string {
  const url = new URL(expanded, 'http://x');
  url.searchParams.sort();
  return `GET ${url.pathname}?${url.searchParams.toString()} ${options.headers?.accept ?? ''}`;
}

/** Each reader gets its own copy: the paginator rewrites the response it gets (`data` becomes the list). */
function copy(response: Response): Response {
  const plain =
    Array.isArray(response?.data) || Object.getPrototypeOf(response?.data ?? 0) === Object.prototype;
  return plain ? { ...response, data: structuredClone(response.data) } : response;
}
