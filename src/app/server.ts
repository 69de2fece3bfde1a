import { run } from 'probot';
import { createClosedLoopApp } from './closed-loop-app.js';
import { createAppLog } from './create-app-log.js';
import { readAppStart } from './read-app-start.js';

// `npm start`: the App under Probot's server. Probot reads APP_ID, PRIVATE_KEY(_PATH), WEBHOOK_SECRET,
// PORT, HOST, LOG_LEVEL, WEBHOOK_PROXY_URL from the environment and .env (which wins); see .env.example.
const start = readAppStart(process.env, process.cwd());
if (start.kind === 'invalid') {
  console.error(`closed-loop App: ${start.message}`);
  process.exit(2);
}
// In set-up mode Probot serves its "register a GitHub App" page and loads no App; the secret is unused.
await run(createClosedLoopApp({ stateSecret: start.kind === 'run' ? start.stateSecret : 'set-up mode' }), { log: await createAppLog(process.env) });
