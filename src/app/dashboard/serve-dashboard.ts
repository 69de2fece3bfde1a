import type { IncomingMessage, ServerResponse } from 'node:http';
import { outcomeViews, type OutcomeViews } from '../../core/outcomes/outcome-views.js';
import { DASHBOARD_PAGES, type DashboardPage, type PageScope } from '../../core/dashboard/render-layout.js';
import { renderPatternsPage } from '../../core/dashboard/render-patterns-page.js';
import {
  renderDeadLettersPage,
  renderFixesPage,
  renderFlakyPage,
  renderPrsPage,
} from '../../core/dashboard/render-other-pages.js';
import type { OutcomeStore } from '../outcomes/outcome-store.js';
import { readScope, ScopeError, type Scope } from './dashboard-scope.js';
import {
  cookie,
  isOperatorToken,
  openSession,
  SESSION_COOKIE,
  TOKEN_SESSION_HOURS,
  viewerOf,
  readCookie,
} from './dashboard-session.js';
import { finishSignIn, startSignIn, type OAuthSettings } from './github-sign-in.js';
import { HistoryUnreachable, reachableOrThrow } from './history-unreachable.js';
import { maskSecrets } from '../../core/report/mask-secrets.js';

export interface DashboardOptions {
  store: OutcomeStore;
  /** DASHBOARD_TOKEN: opens every repository (automation, the operator). */
  token?: string;
  /** Sign in with GitHub (the App's OAuth client); without it only the token opens the dashboard. */
  oauth?: OAuthSettings;
  /** The dashboard's public URL (DASHBOARD_URL) behind a proxy: GitHub's callback, Secure cookies. */
  publicUrl?: string;
  /** The GitHub the App serves (web origin, a GitHub Enterprise Server's), for links; github.com. */
  server?: string;
}

/** The JSON of each page, and the figures per strategy and the trend on their own. */
const API: Record<string, (v: OutcomeViews) => unknown> = {
  patterns: (v) => v.patterns,
  strategies: (v) => v.byStrategy,
  trend: (v) => v.trend,
  prs: (v) => ({ stages: v.stages, gates: v.gates }),
  flaky: (v) => v.flaky,
  fixes: (v) => v.fixes,
  'dead-letters': (v) => ({ dead_letters: v.deadLetters, candidates: v.candidates }),
};

function html(scope: PageScope, views: OutcomeViews, s: Scope): string {
  if (scope.page === 'patterns') return renderPatternsPage(scope, views, s.settings);
  if (scope.page === 'flaky') return renderFlakyPage(scope, views);
  if (scope.page === 'fixes') return renderFixesPage(scope, views);
  if (scope.page === 'dead-letters') return renderDeadLettersPage(scope, views);
  return renderPrsPage(scope, views);
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  void res
    .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    .end(`${JSON.stringify(body)}\n`);

/**
 * The dashboard under /dashboard: HTML pages and their JSON under /dashboard/api/…, for a viewer signed
 * in with GitHub (their readable repositories only) or holding the operator's token. Without either: 401
 * (the API) or the sign-in (a page), never data. Returns false for a path that is not the dashboard's.
 */
export function createDashboard(options: DashboardOptions) {
  const store = reachableOrThrow(options.store);
  const secure = options.publicUrl?.startsWith('https://') ?? false;
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://dashboard');
    const path = url.pathname.replace(/\/+$/, '');
    if (path !== '/dashboard' && !path.startsWith('/dashboard/')) return false;
    if (req.method !== 'GET') return (void res.writeHead(405, { allow: 'GET' }).end(), true);
    if (path === '/dashboard/login') {
      if (options.oauth === undefined)
        return (
          void res
            .writeHead(401, { 'content-type': 'text/plain; charset=utf-8' })
            .end(
              'Sign-in with GitHub is not set up on this App (GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET): open the dashboard with its DASHBOARD_TOKEN.\n',
            ),
          true
        );
      return (startSignIn(req, res, options.oauth, options.publicUrl, secure), true);
    }
    if (path === '/dashboard/callback' && options.oauth !== undefined)
      return (
        await finishSignIn(req, res, url, {
          oauth: options.oauth,
          store,
          publicUrl: options.publicUrl,
          secure,
        }),
        true
      );
    if (path === '/dashboard/logout') {
      const id = readCookie(req, SESSION_COOKIE);
      if (id !== null) await store.dropSession(id);
      return (
        void res
          .writeHead(302, {
            location: '/dashboard/login',
            'set-cookie': cookie(SESSION_COOKIE, '', 0, secure),
          })
          .end(),
        true
      );
    }
    const api = path.startsWith('/dashboard/api/');
    // `?token=` once: a session cookie, and the token out of the address bar and the history.
    const given = url.searchParams.get('token');
    if (!api && isOperatorToken(given, options.token)) {
      const session = await openSession(
        store,
        { login: 'operator (DASHBOARD_TOKEN)', repos: null },
        TOKEN_SESSION_HOURS,
      );
      url.searchParams.delete('token');
      return (
        void res
          .writeHead(302, {
            location: `${url.pathname}${url.search}`,
            'set-cookie': cookie(SESSION_COOKIE, session.id, TOKEN_SESSION_HOURS * 3600, secure),
          })
          .end(),
        true
      );
    }
    const viewer = await viewerOf(req, store, options.token);
    if (viewer === null) {
      if (api)
        return (
          json(res, 401, {
            error: 'sign in with GitHub at /dashboard/login, or send Authorization: Bearer <DASHBOARD_TOKEN>',
          }),
          true
        );
      return (void res.writeHead(302, { location: '/dashboard/login' }).end(), true);
    }
    const name = api
      ? path.slice('/dashboard/api/'.length)
      : path === '/dashboard'
        ? 'prs'
        : path.slice('/dashboard/'.length);
    if (api ? !(name in API) && name !== 'repos' : !DASHBOARD_PAGES.some((p) => p.path === name))
      return (
        api ? json(res, 404, { error: `no such page: ${name}` }) : void res.writeHead(404).end('not found\n'),
        true
      );
    let scope: Scope;
    try {
      scope = await readScope(store, viewer, url.searchParams);
    } catch (error) {
      if (!(error instanceof ScopeError)) throw error;
      return (
        api
          ? json(res, error.status, { error: error.message })
          : void res
              .writeHead(error.status, { 'content-type': 'text/plain; charset=utf-8' })
              .end(`${error.message}\n`),
        true
      );
    }
    if (name === 'repos') return (json(res, 200, scope.choices), true);
    const views = outcomeViews(scope.events, scope.settings);
    if (api) return (json(res, 200, API[name]!(views)), true);
    const page = {
      page: name as DashboardPage,
      login: viewer.login,
      repos: scope.choices,
      repo: scope.repo,
      days: scope.days,
      ...(options.server ? { server: options.server } : {}),
    };
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(html(page, views, scope));
    return true;
  };
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    try {
      return await serve(req, res);
    } catch (error) {
      if (!(error instanceof HistoryUnreachable)) throw error;
      // The database's own words (no address, no credentials: masked all the same).
      const line = `the outcome history cannot be reached (${maskSecrets(error.message)}); the App still handles pull requests, and the dashboard answers again once its database does`;
      if (res.headersSent) return (res.end(), true);
      const headers = { 'retry-after': '30', 'cache-control': 'no-store' };
      if ((req.url ?? '').startsWith('/dashboard/api/'))
        res
          .writeHead(503, { ...headers, 'content-type': 'application/json' })
          .end(`${JSON.stringify({ error: line })}\n`);
      else res.writeHead(503, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end(`${line}\n`);
      return true;
    }
  };
}
