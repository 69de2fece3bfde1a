// HELD OUT (set `fresh2`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

// fresh2 yaml-md: yamllint, markdownlint.

export const CASES: CorpusCase[] = [
  {
    id: 'yaml-md/fresh2-yamllint-workflow',
    tool: 'yamllint 1.29.0',
    cmd: 'yamllint -f parsable .github/workflows/',
    pattern: null,
    category: 'lint',
    wrapper: 'github-actions',
    steps: ['yamllint --version'],
    files: {
      '.yamllint': 'extends: default\nrules:\n  document-start: disable\n  truthy: disable\n',
      '.github/workflows/release.yml': `
                name: release
                on:
                  push:
                    tags: ["v*"]
                jobs:
                  publish:
                    runs-on: ubuntu-latest
                    steps:
                      - uses: actions/checkout@v4
                      - run: npm ci   
                      - run:  npm publish
                        env:
                          NODE_AUTH_TOKEN: \${{ secrets.NPM_TOKEN }}
                          NODE_AUTH_TOKEN: \${{ secrets.NPM_TOKEN }}
                `,
    },
    ev: /\[(error|warning)\]/,
    locre: /^(?<f>\.github\/\S+\.yml):(?<l>\d+):(?<c>\d+): \[(?:error|warning)\]/,
    note: 'A duplicated key (error), trailing spaces and extra spaces after a colon.',
  },
  {
    id: 'yaml-md/fresh2-markdownlint-changelog',
    tool: 'markdownlint-cli 0.48',
    cmd: 'npx markdownlint CHANGELOG.md docs/',
    pattern: null,
    category: 'lint',
    wrapper: 'circleci',
    steps: ['node --version'],
    pre: 'ln -s /tmp/cjs/node_modules node_modules',
    files: {
      'CHANGELOG.md':
        '# Changelog\n## 2.1.0\n* fixed the error when the cache times out\n*  added retries\n\n\n## 2.0.0\nBreaking: dropped node 16\n',
      'docs/setup.md': '# Setup\n\nRun `make`.\n',
    },
    ev: /^CHANGELOG\.md:\d+/,
    locre: /^(?<f>\S+\.md):(?<l>\d+)(?::(?<c>\d+))?/,
    note: 'The changelog text mentions an error and a timeout; those are content, the failure is markdownlint.',
  },
];
