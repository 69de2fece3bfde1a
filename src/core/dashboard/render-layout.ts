import { esc } from './html-text.js';

/** The dashboard's pages, in the order of its navigation. */
export const DASHBOARD_PAGES = [
  { path: 'prs', title: 'Pull requests' },
  { path: 'patterns', title: 'Patterns' },
  { path: 'flaky', title: 'Flaky jobs' },
  { path: 'fixes', title: 'Fixes' },
  { path: 'dead-letters', title: 'Dead letters' },
] as const;
export type DashboardPage = (typeof DASHBOARD_PAGES)[number]['path'];

/** What every page shows around its content: who looks, at which repositories, over which days. */
export interface PageScope {
  page: DashboardPage;
  login: string;
  /** The repositories the viewer may choose from (those with history). */
  repos: readonly string[];
  /** The chosen repository; null: all of them. */
  repo: string | null;
  days: number;
  /** The GitHub the App serves (web origin), for a repository whose own was not recorded; github.com. */
  server?: string;
}

const STYLE = `
:root { --fg:#1f2328; --muted:#59636e; --line:#d1d9e0; --bg:#f6f8fa; --ok:#1a7f37; --bad:#cf222e; --warn:#9a6700; --accent:#0969da; }
* { box-sizing:border-box; }
body { margin:0; font:14px/1.5 -apple-system,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif; color:var(--fg); background:#fff; }
header { display:flex; align-items:center; gap:24px; padding:12px 24px; background:#24292f; color:#fff; flex-wrap:wrap; }
header .brand { font-weight:600; font-size:16px; }
header nav a { color:#d1d9e0; text-decoration:none; margin-right:16px; padding:4px 0; }
header nav a.current { color:#fff; border-bottom:2px solid #fd8c73; }
header form { margin-left:auto; display:flex; gap:8px; align-items:center; }
header select, header button { font:inherit; padding:2px 6px; border-radius:6px; border:1px solid #57606a; }
header .who { color:#d1d9e0; }
main { padding:16px 24px 48px; max-width:1280px; }
h1 { font-size:22px; margin:8px 0 4px; } h2 { font-size:17px; margin:28px 0 8px; }
p.lead { color:var(--muted); margin:0 0 16px; }
table { border-collapse:collapse; width:100%; margin:8px 0; }
th, td { text-align:left; padding:6px 10px; border-bottom:1px solid var(--line); vertical-align:top; }
th { background:var(--bg); font-weight:600; font-size:13px; white-space:nowrap; }
td.num, th.num { text-align:right; font-variant-numeric:tabular-nums; }
tr.flagged td { background:#fff8f8; }
.badge { display:inline-block; padding:0 8px; border-radius:12px; font-size:12px; font-weight:600; border:1px solid; }
.badge.bad { color:var(--bad); border-color:#ffcecb; background:#ffebe9; }
.badge.ok { color:var(--ok); border-color:#aceebb; background:#dafbe1; }
.badge.warn { color:var(--warn); border-color:#f5e0a0; background:#fff8c5; }
.muted { color:var(--muted); }
.badge.muted { color:var(--muted); border-color:var(--line); background:var(--bg); }
.empty { color:var(--muted); font-style:italic; }
code, pre { font-family:ui-monospace,SFMono-Regular,Menlo,monospace; font-size:12px; }
pre { background:var(--bg); border:1px solid var(--line); border-radius:6px; padding:10px; overflow:auto; }
.cards { display:flex; gap:12px; flex-wrap:wrap; margin:8px 0 16px; }
.card { border:1px solid var(--line); border-radius:8px; padding:10px 16px; min-width:150px; }
.card .value { font-size:22px; font-weight:600; } .card .label { color:var(--muted); font-size:12px; }
svg text { font-size:11px; fill:var(--muted); }
a { color:var(--accent); }
`;

/** The windows the menu offers, in days. */
const WINDOWS = [7, 30, 90, 365];

/** The page shell: navigation, the repository and window chooser, the content. No script: plain HTML. */
export function renderLayout(scope: PageScope, title: string, content: string): string {
  const query = (page: string) =>
    `/dashboard/${page}?${new URLSearchParams({ ...(scope.repo ? { repo: scope.repo } : {}), days: String(scope.days) })}`;
  const nav = DASHBOARD_PAGES.map(
    (p) =>
      `<a href="${esc(query(p.path))}"${p.path === scope.page ? ' class="current"' : ''}>${esc(p.title)}</a>`,
  ).join('');
  const options = [
    `<option value="">All repositories</option>`,
    ...scope.repos.map((r) => `<option${r === scope.repo ? ' selected' : ''}>${esc(r)}</option>`),
  ].join('');
  // The window shown is always the one chosen: a window the menu does not offer (a link's `days=3650`, a
  // repository's outer_loop.window_days) is an entry of its own, so Show keeps it.
  const windows = [...new Set([...WINDOWS, scope.days])]
    .sort((a, b) => a - b)
    .map((d) => `<option value="${d}"${d === scope.days ? ' selected' : ''}>last ${d} days</option>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · closed-loop</title><style>${STYLE}</style></head>
<body><header><span class="brand">closed-loop</span><nav>${nav}</nav>
<form method="get" action="/dashboard/${esc(scope.page)}"><select name="repo" aria-label="repository">${options}</select><select name="days" aria-label="window">${windows}</select><button type="submit">Show</button></form>
<span class="who">${esc(scope.login)}</span></header>
<main><h1>${esc(title)}</h1>${content}</main></body></html>
`;
}
