import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exchangeWebFlowCode, getWebFlowAuthorizationUrl } from '@octokit/oauth-methods';
import { Octokit } from '@octokit/rest';
import type { OutcomeStore } from '../outcomes/outcome-store.js';
import { cookie, openSession, readCookie, SESSION_COOKIE, SIGN_IN_HOURS } from './dashboard-session.js';

const STATE_COOKIE = 'closed_loop_oauth_state';

export interface OAuthSettings {
  /** The App's OAuth client (its settings page: Client ID, a generated client secret). */
  clientId: string;
  clientSecret: string;
  /** GitHub's API (`https://api.github.com`, or `https://HOST/api/v3`); its sign-in pages follow from it. */
  baseUrl: string;
}

/** Where GitHub sends the browser back: the App's own callback under the URL the browser used. */
function callbackUrl(req: IncomingMessage, publicUrl: string | undefined): string {
  const origin =
    publicUrl?.replace(/\/$/, '') ??
    `${String(req.headers['x-forwarded-proto'] ?? 'http').split(',')[0]}://${req.headers.host ?? 'localhost'}`;
  return `${origin}/dashboard/callback`;
}

/** /dashboard/login: to GitHub's sign-in page, with a state only this browser holds (against CSRF). */
export function startSignIn(
  req: IncomingMessage,
  res: ServerResponse,
  oauth: OAuthSettings,
  publicUrl: string | undefined,
  secure: boolean,
): void {
  const state = randomBytes(16).toString('base64url');
  const { url } = getWebFlowAuthorizationUrl({
    clientType: 'github-app',
    clientId: oauth.clientId,
    state,
    redirectUrl: callbackUrl(req, publicUrl),
    request: new Octokit({ baseUrl: oauth.baseUrl }).request,
  });
  res.writeHead(302, { location: url, 'set-cookie': cookie(STATE_COOKIE, state, 600, secure) }).end();
}

/** The repositories a user can read among those the App is installed on, as their token shows them. */
async function readableRepos(token: string, baseUrl: string): Promise<{ login: string; repos: string[] }> {
  const octokit = new Octokit({ auth: token, baseUrl, request: { retries: 0 } });
  const { data: user } = await octokit.request('GET /user');
  const installations = await octokit.paginate('GET /user/installations', { per_page: 100 });
  const repos: string[] = [];
  for (const installation of installations) {
    const listed = await octokit.paginate('GET /user/installations/{installation_id}/repositories', {
      installation_id: installation.id,
      per_page: 100,
    });
    repos.push(...listed.map((r) => r.full_name));
  }
  return { login: user.login, repos: [...new Set(repos)].sort() };
}

/**
 * /dashboard/callback: GitHub's code exchanged for the user's token (never stored), the repositories they
 * can read listed once, a session opened; back to the dashboard. A state that does not match: 400.
 */
export async function finishSignIn(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: { oauth: OAuthSettings; store: OutcomeStore; publicUrl: string | undefined; secure: boolean },
): Promise<void> {
  const state = url.searchParams.get('state');
  const code = url.searchParams.get('code');
  if (state === null || code === null || state !== readCookie(req, STATE_COOKIE))
    return void res
      .writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
      .end('This sign-in link is stale or was not started here: open /dashboard/login again.\n');
  const { authentication } = await exchangeWebFlowCode({
    clientType: 'github-app',
    clientId: deps.oauth.clientId,
    clientSecret: deps.oauth.clientSecret,
    code,
    redirectUrl: callbackUrl(req, deps.publicUrl),
    request: new Octokit({ baseUrl: deps.oauth.baseUrl }).request,
  });
  const viewer = await readableRepos(authentication.token, deps.oauth.baseUrl);
  const session = await openSession(deps.store, viewer, SIGN_IN_HOURS);
  res
    .writeHead(302, {
      location: '/dashboard/prs',
      'set-cookie': [
        cookie(SESSION_COOKIE, session.id, SIGN_IN_HOURS * 3600, deps.secure),
        cookie(STATE_COOKIE, '', 0, deps.secure),
      ],
    })
    .end();
}
