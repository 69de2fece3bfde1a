import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { getPrivateKey } from '@probot/get-private-key';

/** How `npm start` goes on: Probot's set-up page, the App, or a clear refusal (exit 2). */
export type AppStart =
  | { kind: 'setup' }
  | { kind: 'run'; appId: number; privateKey: string; webhookSecret: string; stateSecret: string }
  | { kind: 'invalid'; message: string };

const FIX =
  "Fix it in .env (see .env.example) or the environment, with the values from your GitHub App's settings page.";

/**
 * Applies .env from `cwd` over the environment, as Probot itself does next (so closed-loop and Probot
 * see the same values), and checks what the App needs before Probot starts: Probot would otherwise
 * fall back to its set-up page on a bad key and keep listening, looking healthy while no webhook is
 * handled. Without APP_ID it is Probot's set-up flow (registering an App from app.yml), which needs nothing.
 */
export function readAppStart(env: NodeJS.ProcessEnv, cwd: string): AppStart {
  try {
    Object.assign(env, parseEnv(readFileSync(join(cwd, '.env'), 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      return { kind: 'invalid', message: `.env could not be read: ${(error as Error).message}` };
  }
  if (!env.APP_ID) return { kind: 'setup' };
  if (!/^\d+$/.test(env.APP_ID))
    return { kind: 'invalid', message: `APP_ID is "${env.APP_ID}", not the App's numeric id. ${FIX}` };
  const secret = env.CLOSED_LOOP_STATE_SECRET || env.WEBHOOK_SECRET || '';
  if (!env.WEBHOOK_SECRET)
    return { kind: 'invalid', message: `WEBHOOK_SECRET is not set: deliveries cannot be verified. ${FIX}` };
  let pem: string | null;
  try {
    pem = getPrivateKey({ env, cwd });
  } catch (error) {
    return {
      kind: 'invalid',
      message: `${(error as Error).message.replace(/^\[@probot\/get-private-key\] /, '')} ${FIX}`,
    };
  }
  if (pem === null)
    return {
      kind: 'invalid',
      message: `no private key: set PRIVATE_KEY_PATH to the .pem file you generated for the App, or PRIVATE_KEY to its contents. ${FIX}`,
    };
  try {
    createPrivateKey(pem);
  } catch {
    return {
      kind: 'invalid',
      message: `the private key (${env.PRIVATE_KEY ? 'PRIVATE_KEY' : (env.PRIVATE_KEY_PATH ?? 'a .pem file in this directory')}) is not a valid PEM private key. ${FIX}`,
    };
  }
  return {
    kind: 'run',
    appId: Number(env.APP_ID),
    privateKey: pem,
    webhookSecret: env.WEBHOOK_SECRET,
    stateSecret: secret,
  };
}
