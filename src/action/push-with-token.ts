import * as core from '@actions/core';
import { pushFix, type PushFixOptions, type PushFixResult } from '../runner/git/push-fix.js';

/**
 * Which remote the fix is pushed to: the checkout's `origin` (what actions/checkout configures), or
 * CLOSED_LOOP_PUSH_REMOTE — a remote name or URL, for tests (a local bare repository) and self-hosted
 * setups whose checkout has another remote layout.
 */
export function pushRemote(env: NodeJS.ProcessEnv): string {
  return env.CLOSED_LOOP_PUSH_REMOTE?.trim() || 'origin';
}

/**
 * The git configuration that authenticates one push with `token` for `serverUrl`, as environment
 * variables (GIT_CONFIG_COUNT / KEY / VALUE, git ≥ 2.31): nothing is written to .git/config and the
 * token is never on a command line. The empty value first drops any header the runner's own git
 * configuration holds for the server, so git sends one Authorization header, this one. The header value
 * is registered as a secret.
 */
function pushAuthEnv(token: string, serverUrl: string): Record<string, string> {
  const key = `http.${serverUrl.replace(/\/+$/, '')}/.extraheader`;
  const basic = Buffer.from(`x-access-token:${token}`, 'utf8').toString('base64');
  core.setSecret(basic);
  return {
    GIT_CONFIG_COUNT: '2',
    GIT_CONFIG_KEY_0: key,
    GIT_CONFIG_VALUE_0: '',
    GIT_CONFIG_KEY_1: key,
    GIT_CONFIG_VALUE_1: `AUTHORIZATION: basic ${basic}`,
  };
}

/**
 * pushFix with `token` for the commands that reach the server (ls-remote, push) and those only: never
 * in this process's environment, where every other command would inherit it, and never with the
 * checkout's configuration or hooks, which the pull request's code may have written (see openRemote).
 */
export function pushWithToken(
  cwd: string,
  options: PushFixOptions,
  token: string,
  serverUrl: string,
): Promise<PushFixResult> {
  if (token === '') return pushFix(cwd, options);
  return pushFix(cwd, { ...options, auth: { serverUrl, env: pushAuthEnv(token, serverUrl) } });
}
