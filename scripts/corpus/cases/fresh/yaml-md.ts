// HELD OUT (set `fresh`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

const WF = `---
name: release
on:
  push:
    tags: ['v*']
jobs:
  publish:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Build
        run: npm ci && npm run build --if-present && npm run test --if-present -- --reporter=dot --coverage
      - name: Publish   
        run: npm publish
        env:
           NODE_AUTH_TOKEN: \${{ secrets.NPM_TOKEN }}
`;

export const CASES: CorpusCase[] = [
  {
    id: 'yaml-md/fresh-yamllint-workflow',
    tool: 'yamllint 1.29',
    cmd: 'yamllint -f parsable .github/workflows',
    steps: ['yamllint --version'],
    files: { '.github/workflows/release.yml': WF },
    pattern: 'lint-error',
    category: 'lint',
    ev: /^\.github\/\S+\.yml:\d+:\d+: \[(error|warning)\]/,
    locre: /^(?:\.\/)?(?<f>\.github\/\S+\.yml):(?<l>\d+):(?<c>\d+): \[/,
    wrapper: 'travis',
    note: 'truthy "on", a long line, trailing spaces and a wrong indentation: yamllint errors and warnings',
  },
  {
    id: 'yaml-md/fresh-markdownlint-changelog',
    tool: 'markdownlint-cli 0.48',
    cmd: 'npx markdownlint "docs/**/*.md" CHANGELOG.md',
    pre: 'ln -s /tmp/cjs/node_modules node_modules',
    files: {
      'CHANGELOG.md':
        '# Changelog\n## 2.3.0\n* Added coupon support\n+ Fixed rounding\n\n\n## 2.2.0\nSee http://example.com/notes\n',
      'docs/setup.md': '# Setup\n\nRun `npm ci`.   \n\n### Options\n\nNone yet.\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: /^(CHANGELOG|docs\/\S+)\.md:\d+/,
    locre: /^(?<f>(?:CHANGELOG|docs\/\S+)\.md):(?<l>\d+)(?::(?<c>\d+))?/,
    wrapper: 'gitlab',
  },
];
