import { createPrivateKey } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
  if (env.PORT && !(/^\d{1,5}$/.test(env.PORT.trim()) && Number(env.PORT) >= 1 && Number(env.PORT) <= 65_535))
    return {
      kind: 'invalid',
      message: `PORT is "${env.PORT}", not a port number: set it to one from 1 to 65535, or unset it for 3000. Fix it in .env (see .env.example) or the environment.`,
    };
  if (!env.APP_ID) return { kind: 'setup' };
  if (!/^\d+$/.test(env.APP_ID))
    return { kind: 'invalid', message: `APP_ID is "${env.APP_ID}", not the App's numeric id. ${FIX}` };
  const secret = env.CLOSED_LOOP_STATE_SECRET || env.WEBHOOK_SECRET || '';
  if (!env.WEBHOOK_SECRET)
    return { kind: 'invalid', message: `WEBHOOK_SECRET is not set: deliveries cannot be verified. ${FIX}` };
  let pem: string | null;
  const keyPath = env.PRIVATE_KEY ? undefined : env.PRIVATE_KEY_PATH;
  const keyStat = keyPath ? statSync(resolve(cwd, keyPath), { throwIfNoEntry: false }) : undefined;
  if (keyPath && keyStat === undefined)
    return {
      kind: 'invalid',
      message: `PRIVATE_KEY_PATH is "${keyPath}", which does not exist (a relative path is read from ${cwd}): set it to the App's .pem file (or PRIVATE_KEY to its contents). ${FIX}`,
    };
  if (keyPath && keyStat?.isDirectory())
    return {
      kind: 'invalid',
      message: `PRIVATE_KEY_PATH is "${keyPath}", a directory: set it to the App's .pem file (or PRIVATE_KEY to its contents). ${FIX}`,
    };
  try {
    pem = getPrivateKey({ env, cwd });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (keyPath && code !== undefined)
      return {
        kind: 'invalid',
        message: `PRIVATE_KEY_PATH is "${keyPath}", which cannot be read (${code}). ${FIX}`,
      };
    return {
      kind: 'invalid',
      message: `${sentence((error as Error).message.replace(/^\[@probot\/get-private-key\] /, ''))} ${FIX}`,
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

/** A message as a sentence before the next one: ends with a full stop. */
const sentence = (text: string): string => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
