// The `more` dev batch: git cases (read and tune on them freely).
import type { CorpusCase } from '../../generator/corpus-case.js';

const GIT = 'git -c user.email=ci@example.com -c user.name=ci -c init.defaultBranch=main';

export const CASES: CorpusCase[] = [
  {
    id: 'git/more-push-rejected',
    tool: 'git 2.39',
    cmd: 'git push origin main',
    pre: `rm -rf ../i12-remote.git ../i12-other && git init -q --bare -b main ../i12-remote.git && ${GIT} init -q && git remote add origin ../i12-remote.git && echo a > a && git add a && ${GIT} commit -qm a && git push -q origin main && git clone -q ../i12-remote.git ../i12-other && cd ../i12-other && echo b > b && git add b && ${GIT} commit -qm b && git push -q && cd - && echo c > c && git add c && ${GIT} commit -qm c`,
    pattern: 'git-error',
    category: 'vcs',
    ev: [/\[rejected\]/, /hint: Updates were rejected|failed to push/],
    wrapper: 'ci',
  },
  {
    id: 'git/more-checkout-pathspec',
    tool: 'git 2.39',
    cmd: 'git checkout release/2.0',
    pre: `${GIT} init -q && echo a > a && git add a && ${GIT} commit -qm a`,
    pattern: 'git-error',
    category: 'vcs',
    ev: /error: pathspec/,
    wrapper: 'ci',
  },
  {
    id: 'git/more-rebase-conflict',
    tool: 'git 2.39',
    cmd: `${GIT} rebase main`,
    pre: `${GIT} init -q && echo 1 > f.txt && git add f.txt && ${GIT} commit -qm base && git checkout -qb topic && echo 2 > f.txt && ${GIT} commit -qam topic && git checkout -q main && echo 3 > f.txt && ${GIT} commit -qam main && git checkout -q topic`,
    pattern: 'merge-conflict',
    category: 'vcs',
    ev: [/CONFLICT/, /could not apply|Resolve all conflicts/],
    locs: [['f.txt', 1, null]],
    wrapper: 'ci',
  },
];
