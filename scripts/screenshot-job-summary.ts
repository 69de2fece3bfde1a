// Screenshot of the Action's job summary for an escalated type error (docs/images/job-summary.png): the
// summary a real run of the bundled Action wrote (scripts/action-job-summary.ts; `npm run build` first),
// rendered to HTML (scripts/job-summary-html.ts), photographed by headless Chromium.
//   node --import tsx --import ./scripts/raw-hooks.mjs scripts/screenshot-job-summary.ts
// (Chromium from CHROMIUM, /usr/bin/chromium by default.)
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { actionJobSummary } from './action-job-summary.js';
import { jobSummaryHtml } from './job-summary-html.js';

const out = fileURLToPath(new URL('../docs/images/job-summary.png', import.meta.url));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  // The first screen a reviewer sees when the summary opens.
  const page = await browser.newPage({ viewport: { width: 960, height: 720 } });
  await page.setContent(jobSummaryHtml(actionJobSummary().markdown));
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
