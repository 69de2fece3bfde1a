import { run } from 'probot';
import { createClosedLoopApp } from './closed-loop-app.js';
import { createAppLog } from './create-app-log.js';
import { manageFailed } from './queue/manage-failed.js';
import { readAppStart } from './read-app-start.js';
import { startAppServer } from './serve/start-app-server.js';

// `npm start`: the App's server. It reads APP_ID, PRIVATE_KEY(_PATH), WEBHOOK_SECRET, PORT, HOST,
// LOG_LEVEL, GHE_HOST, REDIS_URL, CLOSED_LOOP_QUEUE_LOCK_MS, CLOSED_LOOP_SHUTDOWN_MS, DATA_DIR, DATABASE_URL,
// CLOSED_LOOP_RETENTION_DAYS, DASHBOARD_TOKEN, DASHBOARD_URL, GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET from
// the environment and .env (which wins); see .env.example and docs/dashboard.md.
const start = readAppStart(process.env, process.cwd());
if (start.kind === 'invalid') {
  console.error(`closed-loop App: ${start.message}`);
  process.exit(2);
}
const env = process.env;
if (process.argv[2] === 'queue') {
  if (!env.REDIS_URL) {
    console.error(
      "closed-loop App: `queue` manages the parked deliveries on Redis; set REDIS_URL. In process, redeliver from the App's settings page.",
    );
    process.exit(2);
  }
  process.exit(await manageFailed(env.REDIS_URL, process.argv.slice(3), (line) => console.log(line)));
}
const log = await createAppLog(env);
if (start.kind === 'setup') {
  // Probot's "register a GitHub App" page; no App is loaded and the secret is unused.
  await run(createClosedLoopApp({ stateSecret: 'set-up mode' }), { log });
} else {
  const gap = Number(env.CLOSED_LOOP_WRITE_GAP_MS);
  const lock = Number(env.CLOSED_LOOP_QUEUE_LOCK_MS);
  const grace = Number(env.CLOSED_LOOP_SHUTDOWN_MS) || 10_000;
  const retention = Number(env.CLOSED_LOOP_RETENTION_DAYS);
  if (env.CLOSED_LOOP_RETENTION_DAYS && !(Number.isInteger(retention) && retention >= 1)) {
    console.error(
      `closed-loop App: CLOSED_LOOP_RETENTION_DAYS is "${env.CLOSED_LOOP_RETENTION_DAYS}": set it to a whole number of days (at least 1), or unset it for 365.`,
    );
    process.exit(2);
  }
  const server = await startAppServer({
    appId: start.appId,
    privateKey: start.privateKey,
    webhookSecret: start.webhookSecret,
    stateSecret: start.stateSecret,
    log,
    port: Number(env.PORT) || 3000,
    host: env.HOST || 'localhost',
    ...(env.WEBHOOK_PATH ? { webhookPath: env.WEBHOOK_PATH } : {}),
    ...(env.GHE_HOST ? { baseUrl: `${env.GHE_PROTOCOL || 'https'}://${env.GHE_HOST}/api/v3` } : {}),
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    ...(env.CLOSED_LOOP_WRITE_GAP_MS && Number.isFinite(gap) ? { pacing: { writeGapMs: gap } } : {}),
    ...(lock >= 1000 ? { queueLockMs: lock } : {}),
    shutdownMs: grace,
    store: {
      ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
      ...(env.DATA_DIR ? { dataDir: env.DATA_DIR } : {}),
    },
    ...(env.CLOSED_LOOP_RETENTION_DAYS ? { retentionDays: retention } : {}),
    dashboard: {
      ...(env.DASHBOARD_TOKEN ? { token: env.DASHBOARD_TOKEN } : {}),
      ...(env.DASHBOARD_URL ? { publicUrl: env.DASHBOARD_URL } : {}),
      ...(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
        ? { oauth: { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET } }
        : {}),
    },
  }).catch((error: unknown) => {
    console.error(`closed-loop App: cannot start: ${(error as Error).message.split('\n')[0]}`);
    return process.exit(1);
  });
  // A deploy stops the old instance: it stops taking deliveries and finishes those in hand (on Redis the rest
  // wait there), within the grace period (CLOSED_LOOP_SHUTDOWN_MS, 10 s; Kubernetes waits 30 s by default).
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log.info(`${signal}: no new deliveries; finishing those in hand (at most ${grace} ms)`);
      setTimeout(() => {
        log.warn(
          `still busy ${grace} ms after ${signal}; exiting now (${env.REDIS_URL ? 'deliveries in hand stay in Redis and are taken up again' : "deliveries in hand are lost: redeliver them from the App's settings page"})`,
        );
        process.exit(1);
      }, grace).unref();
      void server.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
