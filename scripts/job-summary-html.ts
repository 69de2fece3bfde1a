// The Action's job summary as GitHub shows it: the Markdown the Action wrote (scripts/action-job-summary.ts
// runs the bundled Action for it) rendered by `marked` (GitHub-flavoured) in a GitHub-like stylesheet. Used
// by scripts/screenshot-job-summary.ts (docs/images/job-summary.png) and its test.
import { marked } from 'marked';

const STYLE = `body{font:14px/1.5 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;color:#1f2328;margin:0;padding:24px;background:#f6f8fa}
.summary{background:#fff;border:1px solid #d1d9e0;border-radius:6px;max-width:900px;padding:8px 24px 16px}
h2{font-size:1.5em;border-bottom:1px solid #d1d9e0;padding-bottom:.3em}h3{font-size:1.25em;margin:24px 0 16px}
a{color:#0969da;text-decoration:none}a:hover{text-decoration:underline}
table{border-collapse:collapse;margin:0 0 16px}td,th{border:1px solid #d1d9e0;padding:6px 13px}tr:nth-child(2n){background:#f6f8fa}
code{background:#eff1f3;border-radius:6px;padding:.2em .4em;font-size:85%;font-family:ui-monospace,SFMono-Regular,Menlo,monospace}
pre{background:#f6f8fa;border-radius:6px;padding:16px;overflow:auto}pre code{background:none;padding:0}
blockquote{color:#59636e;border-left:.25em solid #d1d9e0;margin:0;padding:0 1em}details{margin-bottom:16px}`;

/** A job summary's Markdown as an HTML page, the way GitHub shows it on the run's page. */
export function jobSummaryHtml(markdown: string): string {
  const body = marked.parse(markdown, { gfm: true, async: false });
  return `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body><div class="summary">${body}</div></body></html>`;
}
