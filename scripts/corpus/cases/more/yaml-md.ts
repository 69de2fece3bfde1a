// The `more` dev batch: yaml-md cases (read and tune on them freely).
import type { CorpusCase } from '../../generator/corpus-case.js';

export const CASES: CorpusCase[] = [
  {
    id: 'yaml-md/more-yamllint-duplicate-key',
    tool: 'yamllint (Debian)',
    cmd: 'yamllint -f parsable .github',
    files: {
      '.github/workflows/ci.yml':
        '---\nname: ci\non: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    runs-on: ubuntu-22.04\n    steps:\n      - run: make\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: /\[error\]/,
    locre: /^(?<f>\.github\/\S+\.yml):(?<l>\d+):(?<c>\d+): \[error\]/,
    wrapper: 'ci',
  },
  {
    id: 'yaml-md/more-yamllint-syntax',
    tool: 'yamllint (Debian)',
    cmd: 'yamllint config',
    files: { 'config/app.yml': '---\nkey: [a, b\nother: 1\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: /syntax error/,
    locs: [['config/app.yml', 3, 6]],
    wrapper: 'ci',
  },
  {
    id: 'yaml-md/more-markdownlint-headings',
    tool: 'markdownlint-cli 0.48',
    cmd: 'npx markdownlint docs',
    pre: 'ln -s /tmp/cjs/node_modules node_modules',
    files: { 'docs/intro.md': '# Intro\n\n### Skipped level\n\nSome text  \n# Intro\n' },
    pattern: 'lint-error',
    category: 'lint',
    ev: /MD\d\d\d/,
    locre: /^(?<f>docs\/\S+\.md):(?<l>\d+)(?::(?<c>\d+))? (?:error )?MD/,
    wrapper: 'ci',
  },
];
