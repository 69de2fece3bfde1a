import { run } from 'probot';
import { createClosedLoopApp } from './closed-loop-app.js';

// `npm start`: the App under Probot's server. Probot reads APP_ID, PRIVATE_KEY(_PATH), WEBHOOK_SECRET,
// PORT, HOST, LOG_LEVEL, WEBHOOK_PROXY_URL from the environment; .env is read first (the environment
// wins over it), so the state secret below sees what Probot will. See .env.example.
try {
  process.loadEnvFile();
} catch (error) {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
const stateSecret = process.env.CLOSED_LOOP_STATE_SECRET || process.env.WEBHOOK_SECRET || '';
if (stateSecret === '') {
  console.error('closed-loop App: WEBHOOK_SECRET is not set. Copy .env.example to .env and fill it in with the values of your GitHub App (Settings → Developer settings → GitHub Apps).');
  process.exit(2);
}
await run(createClosedLoopApp({ stateSecret }));
