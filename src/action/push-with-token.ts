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
 * token is never on a command line. The empty value first drops the header actions/checkout persisted,
 * so git sends one Authorization header, this one. The header value is registered as a secret.
 */
export function pushAuthEnv(token: string, serverUrl: string): Record<string, string> {
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
 * pushFix with the token's auth in git's environment for the push's duration only (pushFix spawns git
 * with this process's environment), restored afterwards whatever happens.
 */
export async function pushWithToken(
  cwd: string,
  options: PushFixOptions,
  auth: Record<string, string> | null,
): Promise<PushFixResult> {
  if (auth === null) return pushFix(cwd, options);
  const saved = Object.fromEntries(Object.keys(auth).map((k) => [k, process.env[k]]));
  Object.assign(process.env, auth);
  try {
    return await pushFix(cwd, options);
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) Reflect.deleteProperty(process.env, k);
      else process.env[k] = v;
    }
  }
}
