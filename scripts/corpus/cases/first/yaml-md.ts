// The first batch's yaml-md cases (dev; those with `held: true` are held out: never tune on them).
import type { CorpusCase } from '../../generator/corpus-case.js';

const YL = /^(?<f>[\w/.-]+\.ya?ml):(?<l>\d+):(?<c>\d+): \[error\]/;
const MDL = /^(?<f>[\w/.-]+\.md):(?<l>\d+)(?::(?<c>\d+))? error MD\d+/;

export const CASES: CorpusCase[] = [
  {
    id: 'yaml-md/yamllint-parsable',
    tool: 'yamllint 1.29.0',
    cmd: 'yamllint -f parsable .github/workflows',
    files: {
      '.github/workflows/ci.yml':
        'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test   \n      - run:  npm run lint\n        run: npm run build\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: /\[error\]/,
    locre: YL,
    wrapper: 'ci',
  },
  {
    id: 'yaml-md/yamllint-standard',
    tool: 'yamllint 1.29.0',
    cmd: 'yamllint config/',
    files: { 'config/app.yaml': 'server:\n  port: 8080\n  port: 9090\nitems: [a,b]\n' },
    pattern: 'lint-error',
    category: 'lint',
    ev: [/^config\/app.yaml/, /error/],
    locs: [['config/app.yaml', 3, 3]],
    wrapper: 'raw',
  },
  {
    id: 'yaml-md/yamllint-syntax',
    tool: 'yamllint 1.29.0',
    cmd: 'yamllint -f parsable deploy.yml',
    files: { 'deploy.yml': 'env:\n  - name: A\n    value: "x\n' },
    pattern: 'syntax-error',
    category: 'syntax',
    ev: /\[error\]/,
    locre: YL,
    wrapper: 'ci',
    held: true,
  },
  {
    id: 'yaml-md/markdownlint',
    tool: 'markdownlint-cli',
    cmd: '/tmp/cjs/node_modules/.bin/markdownlint README.md docs/',
    files: {
      'README.md': '# App\n## Install\nRun it.\n\n\n* a\n+ b\n',
      'docs/guide.md': 'Intro\n# Guide  \n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: /MD\d+/,
    locre: MDL,
    wrapper: 'ci',
  },
  {
    id: 'yaml-md/markdownlint-held',
    tool: 'markdownlint-cli',
    cmd: '/tmp/cjs/node_modules/.bin/markdownlint CHANGELOG.md',
    files: { 'CHANGELOG.md': '# Changelog\n\n### 1.0.0\n- first   \n\thard tab\n' },
    pattern: 'lint-error',
    category: 'lint',
    ev: /MD\d+/,
    locre: MDL,
    wrapper: 'raw',
    held: true,
  },
];

CASES.push(
  {
    id: 'yaml-md/yamllint-truthy',
    tool: 'yamllint 1.29.0',
    cmd: 'yamllint -f parsable -d "{extends: default, rules: {truthy: enable}}" docker-compose.yml',
    files: {
      'docker-compose.yml':
        '---\nservices:\n  db:\n    image: postgres:16\n    tty: yes\n    ports: [ "5432:5432" ]\n',
    },
    pattern: 'lint-error',
    category: 'lint',
    ev: /\[(error|warning)\]/,
    locre: /^(?<f>[\w/.-]+\.ya?ml):(?<l>\d+):(?<c>\d+): \[(?:error|warning)\]/,
    wrapper: 'ci',
  },
  {
    id: 'yaml-md/markdownlint-links',
    tool: 'markdownlint-cli',
    cmd: '/tmp/cjs/node_modules/.bin/markdownlint docs/',
    files: { 'docs/api.md': '# API\n\nSee http://example.com/api\n\n```\ncode\n```\n' },
    pattern: 'lint-error',
    category: 'lint',
    ev: /MD\d+/,
    locre: MDL,
    wrapper: 'ci',
    held: true,
  },
);
