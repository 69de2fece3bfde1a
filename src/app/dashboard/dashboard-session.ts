import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { DashboardSession, OutcomeStore } from '../outcomes/outcome-store.js';

export const SESSION_COOKIE = 'closed_loop_session';
/** A GitHub sign-in lasts this long; the repositories are read again at the next one. */
export const SIGN_IN_HOURS = 8;
/** A session opened with `?token=` lasts this long. */
export const TOKEN_SESSION_HOURS = 12;

/** Who looks at the dashboard and which repositories they may see (null: all, the operator's token). */
export interface Viewer {
  login: string;
  repos: string[] | null;
}

export function readCookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** A cookie only this server reads: HttpOnly, SameSite=Lax, Secure behind https. */
export function cookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Path=/dashboard; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

/** Whether `given` is the operator's token, compared in constant time (and never when none is set). */
export function isOperatorToken(given: string | null, token: string | undefined): boolean {
  if (!token || !given) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** A new session in the store; its id is the cookie's value (256 random bits). */
export async function openSession(
  store: OutcomeStore,
  viewer: Viewer,
  hours: number,
): Promise<DashboardSession> {
  const session = {
    id: randomBytes(32).toString('base64url'),
    login: viewer.login,
    repos: viewer.repos,
    expires_at: new Date(Date.now() + hours * 3_600_000).toISOString(),
  };
  await store.saveSession(session);
  return session;
}

/**
 * The viewer of a request: the operator's token as `Authorization: Bearer`, else the session cookie; null
 * when neither (the caller answers 401 or sends to the sign-in).
 */
export async function viewerOf(
  req: IncomingMessage,
  store: OutcomeStore,
  operatorToken: string | undefined,
): Promise<Viewer | null> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
  if (isOperatorToken(bearer, operatorToken)) return { login: 'operator (DASHBOARD_TOKEN)', repos: null };
  const id = readCookie(req, SESSION_COOKIE);
  if (id === null) return null;
  const session = await store.readSession(id);
  return session === null ? null : { login: session.login, repos: session.repos };
}
