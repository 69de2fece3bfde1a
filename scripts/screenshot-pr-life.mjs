// Screenshots of docs/pull-request-life.md's examples as GitHub shows them, for the docs page
// (docs/images/pr-life-<validate|blocked|handoff>.png): each example's Markdown rendered by `marked`
// (GitHub-flavoured) in a GitHub-like stylesheet, photographed by headless Chromium.
//   node --import tsx --import ./scripts/raw-hooks.mjs scripts/screenshot-pr-life.mjs
// (Chromium from CHROMIUM, /usr/bin/chromium by default.)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPrLifeExamples } from './pr-life-examples.ts';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
// `marked` is a devDependency (MARKED may point at another copy of its ES module).
const { marked } = await import(process.env.MARKED ?? 'marked');
const out = fileURLToPath(new URL('../docs/images/', import.meta.url));
mkdirSync(out, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'pr-life-shots-'));

const STYLE = `body{font:14px/1.5 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;color:#1f2328;margin:0;padding:16px;background:#fff}
.comment{border:1px solid #d1d9e0;border-radius:6px;max-width:860px}
.head{background:#f6f8fa;border-bottom:1px solid #d1d9e0;padding:8px 16px;color:#59636e;border-radius:6px 6px 0 0}
.head b{color:#1f2328}.body{padding:8px 16px}h3{font-size:1.25em;margin:8px 0 16px}
table{border-collapse:collapse;margin:0 0 16px}td,th{border:1px solid #d1d9e0;padding:6px 13px}tr:nth-child(2n){background:#f6f8fa}
code{background:#eff1f3;border-radius:6px;padding:.2em .4em;font-size:85%}sub{color:#59636e}details{margin-bottom:16px}`;

/** The examples' quoted comments, by the heading above them. */
function comments(markdown) {
  const found = [];
  let title = null;
  let lines = [];
  const flush = () => {
    if (title !== null && lines.length > 0) found.push({ title, text: lines.join('\n') });
    lines = [];
  };
  for (const line of markdown.split('\n')) {
    const heading = /^### (.+)$/.exec(line);
    if (heading) {
      flush();
      title = heading[1];
    } else if (line.startsWith('>')) lines.push(line.replace(/^> ?/, ''));
  }
  flush();
  return found;
}

/** The examples the docs page shows as pictures. */
const SHOWN = new Set(['validate', 'blocked', 'handoff']);

for (const { title, text } of comments(renderPrLifeExamples())) {
  const name = title === 'The handoff comment' ? 'handoff' : title.toLowerCase();
  if (!SHOWN.has(name)) continue;
  const html = `<!doctype html><meta charset="utf-8"><style>${STYLE}</style><div class="comment"><div class="head"><b>closed-loop</b> <span>bot</span> commented</div><div class="body">${marked.parse(text, { gfm: true })}</div></div>`;
  const page = join(work, `${name}.html`);
  writeFileSync(page, html.replace('<details>', '<details open>'));
  const file = join(out, `pr-life-${name}.png`);
  // Tall enough for the comment: about 30 pixels a line of Markdown, and the frame.
  const height = 140 + 30 * text.split('\n').filter((l) => l.trim() !== '').length;
  execFileSync(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--hide-scrollbars',
      `--screenshot=${file}`,
      `--window-size=900,${height}`,
      `file://${page}`,
    ],
    { stdio: 'ignore' },
  );
  console.log(`wrote ${file}`);
}
