import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { defaultConfig } from '../../src/core/config/schema.js';
import { emptyFlakyRecord } from '../../src/core/pull-request/ci-state.js';
import { decideRedRun } from '../../src/core/pull-request/decide-red-run.js';
import { renderCiRun } from '../../src/core/pull-request/render-red-run.js';
import { aDiagnosis } from '../core/dead-letter/builders.js';

const ROOT = join(import.meta.dirname, '../..');

/** The ```yaml / ```yml blocks of a Markdown text, as a reader copies them (a list's indent taken off). */
function yamlBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  for (const m of markdown.matchAll(/^([ \t]*)(`{3,}|~{3,})ya?ml[^\n]*\n([\s\S]*?)^\1\2[ \t]*$/gm)) {
    const indent = m[1] ?? '';
    blocks.push(
      (m[3] ?? '')
        .split('\n')
        .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l))
        .join('\n'),
    );
  }
  return blocks;
}

/** What the `yaml` package (and so GitHub, a stricter reader still) says is wrong; empty when it parses. */
const problems = (text: string): string[] =>
  parseAllDocuments(text).flatMap((d) => ('errors' in d ? d.errors.map((e) => e.message) : []));

describe('every YAML the App or the docs publish parses', () => {
  it("the workflow job the App's comment asks to add for a mechanical failure: valid, block style, no persisted token", () => {
    const { entry } = decideRedRun({
      run: { id: 7, attempt: 1, head: 'a'.repeat(40), workflow: 'CI', url: '' },
      jobs: [
        {
          name: 'lint',
          url: '',
          failedSteps: ['Run npx eslint .'],
          diagnosis: aDiagnosis({ pattern: 'lint-error', category: 'lint' }),
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
    const blocks = yamlBlocks(renderCiRun(entry).section);
    expect(blocks).toHaveLength(1);
    const [workflow = ''] = blocks;
    expect(problems(workflow)).toEqual([]);
    const steps = (
      parseAllDocuments(workflow)[0]?.toJS() as {
        jobs: { loop: { steps: { uses?: string; with?: Record<string, unknown> }[] } };
      }
    ).jobs.loop.steps;
    expect(steps[0]).toEqual({
      uses: 'actions/checkout@v4',
      with: { ref: '${{ github.event.pull_request.head.sha }}', 'persist-credentials': false },
    });
  });

  const markdown = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  it('finds the yaml code blocks of the docs', () => {
    const found = markdown.flatMap((f) => yamlBlocks(readFileSync(join(ROOT, f), 'utf8')));
    expect(found.length).toBeGreaterThanOrEqual(10);
  });
  it.each(markdown)('the yaml code blocks of %s', (file) => {
    const blocks = yamlBlocks(readFileSync(join(ROOT, file), 'utf8'));
    expect(blocks.map(problems).flat()).toEqual([]);
  });

  const files = [
    'action.yml',
    'app.yml',
    ...readdirSync(join(ROOT, '.github/workflows')).map((f) => `.github/workflows/${f}`),
    ...readdirSync(join(ROOT, 'examples'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.ya?ml$/.test(f))
      .map((f) => `examples/${f}`),
  ];
  it.each(files)('%s', (file) => {
    expect(problems(readFileSync(join(ROOT, file), 'utf8'))).toEqual([]);
  });
});
