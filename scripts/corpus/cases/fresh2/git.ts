// HELD OUT (set `fresh2`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

// fresh2 git: a merge conflict.
const G = 'git -c user.email=ci@example.com -c user.name=ci';
const PRE = `git init -q -b main . && ${G} add -A && ${G} commit -qm base && git checkout -q -b feature && sed -i "s/timeout: 30/timeout: 45/" config/app.yml && sed -i "s/retries = 3/retries = 5/" src/client.py && ${G} commit -qam "raise timeout" && git checkout -q main && sed -i "s/timeout: 30/timeout: 10/" config/app.yml && sed -i "s/retries = 3/retries = 1/" src/client.py && ${G} commit -qam "lower timeout" && git checkout -q feature`;

export const CASES: CorpusCase[] = [
  {
    id: 'git/fresh2-merge-conflict-two-files',
    tool: 'git 2.39.5',
    cmd: `${G} merge --no-edit main`,
    pattern: null,
    category: 'vcs',
    wrapper: 'jenkins',
    steps: ['git --version', 'git log --oneline -3'],
    pre: PRE,
    files: {
      'config/app.yml': 'name: app\nhttp:\n  timeout: 30\n  error_page: /500.html\n',
      'src/client.py': 'retries = 3\n\n\ndef get(url):\n    return url\n',
    },
    ev: [/^CONFLICT/, /Automatic merge failed/],
    locs: [
      ['config/app.yml', 1, null],
      ['src/client.py', 1, null],
    ],
    note: 'Merging main into the feature branch conflicts in two files; the file contents mention timeouts and error pages, which are not the failure. git names the files without lines.',
  },
];
