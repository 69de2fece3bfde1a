import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { corpusReport } from '../../../scripts/corpus/corpus-report.js';
import { ACCURACY_DOC, formatMarkdown } from '../../../scripts/corpus/format-markdown.js';
import { devDir, loadCorpus } from '../../../scripts/corpus/load-corpus.js';
import { REPO_ROOT } from '../../helpers/temp-repo.js';

// docs/accuracy.md is the corpus script's output, never a hand-edited table: a change to the analyzer
// or the corpus that moves a figure moves the page too (`npm run corpus -- --write`).
describe('docs/accuracy.md', () => {
  it('is what `npm run corpus -- --write` writes from the corpus today', () => {
    const floors = parse(readFileSync(join(devDir, 'floors.yml'), 'utf8')) as Record<string, number>;
    const fresh = formatMarkdown(corpusReport(loadCorpus()), floors);
    const committed = readFileSync(join(REPO_ROOT, ACCURACY_DOC), 'utf8');
    expect(committed, `${ACCURACY_DOC} is stale: run \`npm run corpus -- --write\` and commit it`).toBe(
      fresh,
    );
  });
});
