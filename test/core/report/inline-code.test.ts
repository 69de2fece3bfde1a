import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { inlineCode } from '../../../src/core/report/markdown-text.js';
import { defaultConfig } from '../../../src/core/config/schema.js';
import { emptyFlakyRecord } from '../../../src/core/pull-request/ci-state.js';
import { decideRedRun } from '../../../src/core/pull-request/decide-red-run.js';
import { renderCiRun } from '../../../src/core/pull-request/render-red-run.js';
import { aDiagnosis } from '../dead-letter/builders.js';

/** What a reader sees of some rendered HTML (GitHub's Markdown is GFM: marked renders it the same way). */
const seen = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

/** The cells of the first body row of a rendered table. */
const cells = (html: string): string[] =>
  [...(/<tbody>\s*<tr>([\s\S]*?)<\/tr>/.exec(html)?.[1] ?? '').matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) =>
    seen(m[1] ?? ''),
  );

describe('inlineCode: text shown as code reads as it was', () => {
  it.each([
    'FAIL test/api.test.js > fetches the price',
    'npm test && npm run lint',
    'expected <div> to be <span>',
    'a | b',
    '<!-- closed-loop:state v1 AAAA -->',
    "it's `quoted`",
  ])('%j, in a table cell and in a line', (text) => {
    const shown = text.replace(/`/g, "'");
    const code = inlineCode(text);
    expect(cells(marked.parse(`| x |\n| --- |\n| ${code} |\n`, { async: false }))).toEqual([shown]);
    expect(seen(marked.parse(`step ${code} failed`, { async: false }))).toBe(
      `step ${shown.replace(/\|/g, '\\|')} failed`,
    );
    // No log text puts an HTML comment (a forged state block) or a tag into the comment's source.
    expect(code).not.toMatch(/<[!/?a-z]/i);
  });

  it("the sticky comment's evidence cell of a jest failure shows its `>`, not `&gt;`", () => {
    const { entry } = decideRedRun({
      run: { id: 7, attempt: 1, head: 'a'.repeat(40), workflow: 'CI', url: '' },
      jobs: [
        {
          name: 'test',
          url: '',
          failedSteps: ['Run npm test'],
          diagnosis: aDiagnosis({
            pattern: 'test-failure',
            category: 'test',
            evidence: { startLine: 1, endLine: 1, text: 'FAIL test/api.test.js > fetches the price' },
          }),
          refused: null,
          capped: false,
          tests: [],
        },
      ],
      more: 0,
      state: { runs: [] },
      record: emptyFlakyRecord(),
      ci: defaultConfig().ci,
      budgets: {},
    });
    const html = marked.parse(renderCiRun(entry).section, { async: false });
    expect(cells(html).at(-1)).toBe('FAIL test/api.test.js > fetches the price');
  });
});
