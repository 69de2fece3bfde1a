import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { actionJobSummary, REPOSITORY } from '../../scripts/action-job-summary.js';
import { jobSummaryHtml } from '../../scripts/job-summary-html.js';

describe('the job summary of an escalated type error, looked at in headless Chromium', () => {
  it('the bundled Action run on a type-error project: its first screen names the linked file:line, the tool and the message', async () => {
    const { markdown, head } = actionJobSummary();
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 960, height: 720 } });
      await page.setContent(jobSummaryHtml(markdown));
      const link = page.locator('a', { hasText: 'src/tiny-invariant.ts:41' });
      expect(await link.getAttribute('href')).toBe(
        `https://github.com/${REPOSITORY}/blob/${head}/src/tiny-invariant.ts#L41`,
      );
      const box = await link.boundingBox();
      expect(box !== null && box.y + box.height < 720).toBe(true);
      const heading = page.locator('h3', { hasText: 'What failed' }).first(); // the escalation report, folded below, has its own
      expect(await heading.innerText()).toContain('tsc (TypeScript)');
      expect((await heading.boundingBox())?.y ?? 999).toBeLessThan(720);
      expect(await link.locator('xpath=..').innerText()).toContain(
        'error TS2349: This expression is not callable.',
      );
    } finally {
      await browser.close();
    }
  });
});
