import type { WithholdEnv } from '../runner/exec/withheld-env.js';

/**
 * The runner's credentials for its own services, given to the Action's process: the artifact and cache
 * service's token, the OIDC token's request token and URL, and the results service's URL. The other URLs
 * (ACTIONS_RUNTIME_URL, ACTIONS_CACHE_URL) are kept: they name a service and hold no credential, and
 * nothing reaches it without ACTIONS_RUNTIME_TOKEN.
 */
const RUNNER_CREDENTIALS: ReadonlySet<string> = new Set([
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_URL',
  'ACTIONS_RESULTS_URL',
]);

/** Below this length a token is withheld where it is a variable's whole value only, not inside one. */
const MIN_INNER_TOKEN = 8;

/**
 * What the Action withholds from every command the loop starts (checks, fix commands, installs, the agent,
 * git): its inputs (`INPUT_*`: the Action's, not the project's — `INPUT_TOKEN` among them), the runner's
 * credentials, and any variable holding one of `tokens` (the `token` and `read-token` inputs) under
 * another name — `GITHUB_TOKEN: ${{ github.token }}` in the workflow's `env`, say. The workflow's other
 * variables (NPM_TOKEN for the checks) are the project's, and stay.
 */
export function actionWithheldEnv(tokens: readonly string[]): WithholdEnv {
  const secrets = tokens.filter((t) => t !== '');
  return (name, value) =>
    name.startsWith('INPUT_') ||
    RUNNER_CREDENTIALS.has(name) ||
    secrets.some((t) => value === t || (t.length >= MIN_INNER_TOKEN && value.includes(t)));
}
