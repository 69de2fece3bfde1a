// HELD OUT (set `fresh`): do not read these cases or their logs when changing the analyzer.
import type { CorpusCase } from '../../generator/corpus-case.js';

const ID = 'git -c user.name=ci -c user.email=ci@example.com';
const REPO = `git init -q -b main . && printf "timeout = 30\\nretries = 3\\n" > app.conf && printf "v1\\n" > VERSION && ${ID} add -A && ${ID} commit -qm init && git checkout -qb feature && printf "timeout = 60\\nretries = 3\\n" > app.conf && ${ID} commit -qam "raise timeout" && git checkout -q main && printf "timeout = 45\\nretries = 5\\n" > app.conf && ${ID} commit -qam "tune retries" && git checkout -q feature`;

export const CASES: CorpusCase[] = [
  {
    id: 'git/fresh-merge-main-conflict',
    tool: 'git 2.39',
    cmd: `${ID} merge --no-edit main`,
    pre: REPO,
    steps: ['git log --oneline -3', 'git status --short --branch'],
    pattern: 'merge-conflict',
    category: 'vcs',
    ev: [/^CONFLICT/, /Automatic merge failed/],
    locs: [['app.conf', 1, null]],
    wrapper: 'github-actions',
    note: 'the job merges main into the PR branch before testing; app.conf conflicts',
  },
  {
    id: 'git/fresh-push-tag-exists',
    tool: 'git 2.39',
    cmd: 'git push origin v2.3.0',
    pre: `git init -q --bare ../origin-tag.git && git init -q -b main . && printf x > a && ${ID} add a && ${ID} commit -qm a && git remote add origin ../origin-tag.git && ${ID} tag v2.3.0 && git push -q origin main v2.3.0 && ${ID} commit -qm b --allow-empty && ${ID} tag -f v2.3.0 >/dev/null`,
    steps: ['git describe --tags'],
    pattern: 'git-error',
    category: 'vcs',
    ev: [/! \[rejected\]/, /error: failed to push/],
    wrapper: 'travis',
    note: 'the release job re-tags an existing version: the remote refuses (already exists)',
  },
  {
    id: 'git/fresh-describe-shallow',
    tool: 'git 2.39',
    cmd: 'git describe --tags --abbrev=0',
    pre: `git init -q -b main . && printf x > a && ${ID} add a && ${ID} commit -qm a`,
    steps: ['git rev-parse --short HEAD'],
    pattern: 'git-error',
    category: 'vcs',
    ev: [/fatal: No names found/, /fatal: No names found/],
    wrapper: 'circleci',
    note: 'the version step needs a tag the shallow clone does not have: a git error',
  },
];
