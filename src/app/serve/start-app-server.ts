import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { Probot, ProbotOctokit } from 'probot';
import { paceRequests, type PacingOptions } from '../../github/pace-requests.js';
import { createClosedLoopApp } from '../closed-loop-app.js';
import { isPassing } from '../guard-delivery.js';
import { deliveryKey, type Delivery } from '../queue/delivery-key.js';
import type { DeliveryQueue, RetryPolicy } from '../queue/delivery-queue.js';
import { createMemoryQueue } from '../queue/memory-queue.js';
import { createRedisQueue } from '../queue/redis-queue.js';
import { AppMetrics } from './app-metrics.js';
import { checkDelivery } from './check-delivery.js';
import { DEFAULT_BODY_LIMITS, readSignedBody, type SignedBody } from './read-signed-body.js';
import { withTimeout } from './with-timeout.js';
import { createDashboard, type DashboardOptions } from '../dashboard/serve-dashboard.js';
import { describeStore, openOutcomeStore, type StoreSettings } from '../outcomes/open-outcome-store.js';
import { createOutcomeRecorder } from '../outcomes/outcome-recorder.js';
import { lineScanner } from '../../core/analyze/line-scanner.js';
import { effectiveCatalogue } from '../../core/patterns/effective-catalogue.js';

export interface AppServerOptions {
  appId: number;
  privateKey: string;
  webhookSecret: string;
  stateSecret: string;
  /** GitHub Enterprise Server's API, `https://HOST/api/v3`; github.com by default. */
  baseUrl?: string;
  host?: string;
  port?: number;
  webhookPath?: string;
  log: Logger;
  /** Work from BullMQ on this Redis; in process without it. */
  redisUrl?: string;
  retry?: RetryPolicy;
  pacing?: Partial<PacingOptions>;
  /** How soon a delivery waiting behind another of its PR on Redis looks again (ms). */
  recheckMs?: number;
  /** On Redis: how soon a delivery held by a dead instance is taken up by another (see createRedisQueue). */
  queueLockMs?: number;
  /** How long recording a delivery (or counting the queue for /metrics) may take before 503 (ms). */
  queueTimeoutMs?: number;
  /** How long close() may take: the deliveries in hand get half of it, then the queue stops by force (ms). */
  shutdownMs?: number;
  /** Body limits: see readSignedBody (25 MB signed, 64 KB unsigned, 100 MB unverified at once). */
  bodyLimits?: Partial<typeof DEFAULT_BODY_LIMITS>;
  /** The outcome history: PostgreSQL at DATABASE_URL, else SQLite in DATA_DIR (./data). */
  store?: StoreSettings;
  /** Events older than this many days are deleted (at start, then daily); default 365. */
  retentionDays?: number;
  /** The dashboard's operator token, GitHub sign-in and public URL. */
  dashboard?: Omit<DashboardOptions, 'store' | 'oauth'> & {
    oauth?: { clientId: string; clientSecret: string };
  };
}

export interface AppServer {
  url: string;
  queue: DeliveryQueue;
  metrics: AppMetrics;
  close: () => Promise<void>;
}

const WEBHOOK_PATH = '/api/github/webhooks';

/**
 * The App's HTTP server: the webhook endpoint verifies the signature, records the delivery in the
 * queue and answers 202 at once (GitHub waits 10 s at most); the queue's workers hand deliveries to
 * Probot, one at a time per pull request. Also /healthz (the process answers), /metrics (Prometheus) and
 * /dashboard (the outcome history, see createDashboard). The history's database is opened and migrated
 * first: a database that cannot be reached stops the start with the reason.
 */
export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const { log } = options;
  const metrics = new AppMetrics();
  const store = await openOutcomeStore({
    ...options.store,
    onIdleError: (line) => log.warn(`Outcome history: ${line}`),
  });
  const retention = (options.retentionDays ?? 365) * 86_400_000;
  const prune = () =>
    store
      .prune(new Date(Date.now() - retention).toISOString())
      .then((n) => n > 0 && log.info(`Outcome history: ${n} event(s) older than the retention deleted`))
      .catch((error: unknown) => log.warn(`Outcome history: pruning failed: ${describe(error)}`));
  await prune();
  const pruning = setInterval(() => void prune(), 86_400_000);
  pruning.unref();
  const outcomes = createOutcomeRecorder(store, metrics, (line) => log.warn(line));
  const dashboard = createDashboard({
    store,
    ...(options.dashboard?.token ? { token: options.dashboard.token } : {}),
    ...(options.dashboard?.publicUrl ? { publicUrl: options.dashboard.publicUrl } : {}),
    ...(options.baseUrl ? { server: webOrigin(options.baseUrl) } : {}),
    ...(options.dashboard?.oauth
      ? { oauth: { ...options.dashboard.oauth, baseUrl: options.baseUrl ?? 'https://api.github.com' } }
      : {}),
  });
  const Octokit = ProbotOctokit.plugin(paceRequests(options.pacing, metrics) as never).defaults(
    (o: object) => ({ ...o, retry: { enabled: false }, throttle: { enabled: false } }),
  ); // paceRequests does both, per installation
  const probot = new Probot({
    appId: options.appId,
    privateKey: options.privateKey,
    secret: options.webhookSecret,
    log,
    Octokit,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
  });
  await probot.load(createClosedLoopApp({ stateSecret: options.stateSecret, outcomes }));

  const work = async (d: Delivery): Promise<void> => {
    await probot.receive({ id: d.id, name: d.name, payload: d.payload } as Parameters<Probot['receive']>[0]);
  };
  const observer = {
    // The one line a try that failed writes (guardDelivery leaves it to us; Probot's own is dropped, see
    // createAppLog); the stack only at LOG_LEVEL=debug, where the line's `err` keeps it.
    outcome(d: Delivery, outcome: 'handled' | 'retrying' | 'parked', error?: unknown) {
      metrics.delivery(d.name, outcome);
      const line = {
        delivery: d.id,
        event: d.name,
        key: d.key,
        outcome,
        ...(error !== undefined && log.isLevelEnabled('debug') ? { err: firstError(error) } : {}),
      };
      const why = error === undefined ? '' : failure(error);
      if (outcome === 'parked')
        log.error(
          line,
          `delivery ${d.id} (${d.name}, ${d.key}) parked after its last try: ${why}; ${options.redisUrl ? 'replay it with `npm start -- queue replay <id>`' : "redeliver it from the App's settings page (Advanced → Recent deliveries)"} once the cause is fixed`,
        );
      else if (outcome === 'retrying')
        log.warn(line, `delivery ${d.id} (${d.name}) failed: ${why}; it is tried again with backoff`);
      else log.debug(line, `delivery ${d.id} handled`);
    },
  };
  const queue = options.redisUrl
    ? createRedisQueue(work, observer, {
        url: options.redisUrl,
        ...(options.retry ? { retry: options.retry } : {}),
        ...(options.recheckMs ? { recheckMs: options.recheckMs } : {}),
        ...(options.queueLockMs ? { lockMs: options.queueLockMs } : {}),
        closeGraceMs: (options.shutdownMs ?? 10_000) / 2,
      })
    : createMemoryQueue(work, observer, options.retry);

  const webhookPath = options.webhookPath ?? WEBHOOK_PATH;
  const queueTimeoutMs = options.queueTimeoutMs ?? 5000;
  const limits = { ...DEFAULT_BODY_LIMITS, ...options.bodyLimits };
  const bodyLimits = { ...limits, budget: { held: 0, max: limits.unverifiedMaxBytes } };
  const server = createServer((req, res) => {
    void route(req, res).catch((error: unknown) => {
      log.error({ err: error }, `${req.method} ${req.url}: ${describe(error)}`);
      if (!res.headersSent) res.writeHead(500).end('internal error\n');
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/healthz')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}\n');
    if (await dashboard(req, res)) return;
    if (req.method === 'GET' && path === '/metrics') {
      // -1: the queue (Redis) does not answer; /metrics itself always does.
      const depth = await withTimeout(queue.depth(), 1000, 'no answer').catch(() => -1);
      return void res
        .writeHead(200, { 'content-type': 'text/plain; version=0.0.4' })
        .end(metrics.render(depth));
    }
    if (req.method !== 'POST' || path !== webhookPath) return void res.writeHead(404).end('not found\n');
    const name = String(req.headers['x-github-event'] ?? '');
    const id = String(req.headers['x-github-delivery'] ?? '');
    const signature = String(req.headers['x-hub-signature-256'] ?? '');
    const read = await readSignedBody(req, signature, options.webhookSecret, bodyLimits);
    if (read.kind !== 'ok') {
      metrics.delivery(/^[a-z0-9_]{1,64}$/.test(name) ? name : 'unknown', 'refused');
      const [status, line] = REFUSED[read.kind](read);
      log.warn(`webhook delivery refused (${status}): ${line}`);
      // The rest of a body past its cap is not read: the connection closes once the answer is sent.
      return void res
        .writeHead(status, { 'content-type': 'text/plain', connection: 'close' })
        .end(`${line}\n`);
    }
    let payload: unknown;
    try {
      payload = JSON.parse(read.body);
    } catch {
      // JSON.parse's message quotes the body: the line says only its size.
      metrics.delivery('unknown', 'refused');
      log.warn(
        `signed delivery ${id.slice(0, 100) || '(no id)'} refused (400): the payload is not JSON (${Buffer.byteLength(read.body)} bytes); nothing was done`,
      );
      return void res.writeHead(400, { 'content-type': 'text/plain' }).end('the payload is not JSON\n');
    }
    const malformed = checkDelivery(name, id, payload);
    if (malformed !== null) {
      metrics.delivery('unknown', 'refused');
      log.warn(
        `signed delivery ${id.slice(0, 100) || '(no id)'} refused (400): ${malformed}; nothing was done`,
      );
      return void res.writeHead(400, { 'content-type': 'text/plain' }).end(`${malformed}\n`);
    }
    const delivery: Delivery = { id, name, payload, key: deliveryKey(name, payload) };
    try {
      await withTimeout(queue.add(delivery), queueTimeoutMs, 'the queue did not answer');
    } catch (error) {
      metrics.delivery(name, 'unavailable');
      log.error(
        { delivery: id, event: name },
        `delivery ${id} could not be recorded (${describe(error)}); answered 503 so GitHub shows it failed`,
      );
      return void res.writeHead(503).end('the queue is unavailable\n');
    }
    metrics.delivery(name, 'received');
    log.info(
      { delivery: id, event: name, key: delivery.key },
      `delivery ${id} (${name}) queued for ${delivery.key}`,
    );
    res.writeHead(202, { 'content-type': 'text/plain' }).end('Accepted\n');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, options.host ?? 'localhost', resolve);
  });
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  log.info(
    `Listening on ${url} (webhooks at ${webhookPath}; queue ${options.redisUrl ? 'on Redis' : 'in process'}; outcome history: ${describeStore(options.store ?? {})}; dashboard at /dashboard)`,
  );
  // The App serves whatever Redis does (deliveries get 503 while it is away); an address that is wrong
  // from the start deserves a line before the first delivery fails.
  if (options.redisUrl) {
    const redisUrl = options.redisUrl;
    queue
      .ready()
      .catch((error: unknown) =>
        log.warn(
          `REDIS_URL (${withoutCredentials(redisUrl)}) cannot be reached (${describe(error)}): deliveries get 503 until it can; check the address and that Redis runs`,
        ),
      );
  }
  // The built-in catalogue, which every repository without patterns of its own shares, compiled with its
  // byte scanner's tables now rather than in the first red run's delivery (0.15–0.2 s in a fresh process).
  const warming = setImmediate(() => {
    const started = performance.now();
    lineScanner(effectiveCatalogue());
    log.debug(`built-in failure catalogue ready (${Math.round(performance.now() - started)} ms)`);
  });
  return {
    url,
    queue,
    metrics,
    async close() {
      clearImmediate(warming);
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeIdleConnections();
      await closed;
      await queue.close();
      clearInterval(pruning);
      await store.close();
    },
  };
}

const REFUSED: Record<Exclude<SignedBody['kind'], 'ok'>, (r: SignedBody) => [number, string]> = {
  unsigned: () => [
    400,
    'no valid X-Hub-Signature-256 header (sha256=…); the body was not kept (GitHub signs every delivery when the App has a webhook secret)',
  ],
  'bad-signature': () => [
    400,
    "its signature does not match WEBHOOK_SECRET; if GitHub sent it, the secret on the App's settings page differs",
  ],
  'too-large': (r) => [
    413,
    `payload over ${r.kind === 'too-large' ? r.limit : 0} bytes (GitHub caps deliveries at 25 MB)`,
  ],
  busy: () => [503, 'too many large deliveries are being verified at once; redeliver it in a moment'],
};

/** A URL as a log line may show it: no user name, no password. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    return '(not a URL)';
  }
}

/** GitHub's web origin from its API's address: `https://HOST/api/v3` → `https://HOST`; api.github.com → github.com. */
function webOrigin(apiUrl: string): string {
  const { origin, hostname } = new URL(apiUrl);
  return hostname === 'api.github.com' ? 'https://github.com' : origin;
}

/** The handler's own error: @octokit/webhooks wraps what handlers threw in an AggregateError. */
const firstError = (error: unknown): unknown =>
  error instanceof AggregateError && error.errors.length > 0 ? error.errors[0] : error;

/** Why a try failed: GitHub's passing trouble, or our bug (anything guardDelivery did not handle). */
function failure(error: unknown): string {
  return isPassing(firstError(error))
    ? `GitHub failed or asked to wait (${describe(error)})`
    : `closed-loop failed (${describe(error)}); this is a bug, please report it with this log line`;
}

function describe(error: unknown): string {
  if (error instanceof AggregateError) return error.errors.map(describe).join('; ');
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
