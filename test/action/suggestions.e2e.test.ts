import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { suggestionReviewMarker } from '../../src/core/apply/render-suggestion-review.js';
import { git, tempRepos, writeFiles } from '../helpers/temp-repo.js';
import { OWNER, PR_NUMBER, PR_PATH, REPO } from './pr-payload.js';
import { TOKEN } from './projects.js';
import { fakeGitHub, runAction } from './run-action.js';

const repo = tempRepos({ linkNodeModules: true });
const PULL = `/repos/${OWNER}/${REPO}/pulls/${PR_NUMBER}`;

/** The base branch: clean but for an old `var` the pull request does not touch (outside its diff). */
const BASE = {
  'package.json': JSON.stringify({ name: 'cart', private: true, type: 'module' }),
  // One check whose fixer repairs both tools' findings (a run of two attempts), without npm's start-up time.
  '.github/closed-loop.yml':
    'version: 1\nchecks:\n  - name: lint\n    type: lint\n    command: node_modules/.bin/eslint . && node_modules/.bin/prettier --check src\n' +
    '    fix_command: node_modules/.bin/eslint --fix . && node_modules/.bin/prettier --write src\n',
  'eslint.config.js':
    "export default [{ files: ['**/*.js'], rules: { 'prefer-const': 'error', 'no-var': 'error' } }];\n",
  'src/cart.js':
    'export function total(items) {\n  let sum = 0;\n  for (const item of items) sum += item.price * item.quantity;\n  return sum;\n}\n',
  'src/legacy.js': 'var rate = 2;\nexport const double = (n) => n * rate;\n',
};

/** The pull request's change: a new function, in a `var` and on one line, that eslint and prettier repair. */
const CART_AT_HEAD =
  'export function total(items) {\n  let sum = 0;\n  for (const item of items) sum += item.price * item.quantity;\n  return sum;\n}\n\nexport function count(items) {\n  var n = 0;\n  for (const item of items) n += item.quantity;\n  return n;\n}\n\nexport function isEmpty(items) { return items.length===0 }\n';

/** GET /pulls/{n}/files as GitHub answers it: each file's hunks between the base and the head. */
function pullFiles(dir: string, base: string, head: string): unknown[] {
  return git(dir, 'diff', '--name-only', base, head)
    .split('\n')
    .map((filename) => ({
      filename,
      sha: git(dir, 'rev-parse', `${head}:${filename}`),
      status: 'modified',
      additions: 1,
      deletions: 0,
      patch: git(dir, 'diff', base, head, '--', filename).replace(/^[^]*?(?=^@@)/m, ''),
    }));
}

/** Each suggestion applied to the head's text: what "Commit suggestion" on all of them makes. */
function applySuggestions(
  text: string,
  comments: { line: number; start_line?: number; body: string }[],
): string {
  const lines = text.replace(/\n$/, '').split('\n');
  for (const c of [...comments].sort((a, b) => b.line - a.line)) {
    const replacement = /^`{3,}suggestion\n([^]*?)`{3,}$/.exec(c.body)?.[1] ?? '';
    const start = c.start_line ?? c.line;
    lines.splice(start - 1, c.line - start + 1, ...replacement.replace(/\n$/, '').split('\n'));
  }
  return `${lines.join('\n')}\n`;
}

interface ReviewPost {
  commit_id: string;
  event: string;
  body: string;
  comments: { path: string; line: number; start_line?: number; side: string; body: string }[];
}

describe('the bundled Action with `push: never`: the fix as suggested changes on the pull request', () => {
  it('posts one review whose suggestions, committed, make the fix; the summary links it; a re-run posts nothing new', async () => {
    const dir = repo(BASE);
    const base = git(dir, 'rev-parse', 'HEAD');
    writeFiles(dir, { 'src/cart.js': CART_AT_HEAD });
    git(dir, 'commit', '-qam', 'count and isEmpty');
    const head = git(dir, 'rev-parse', 'HEAD');
    const github = await fakeGitHub({ [`${PULL}/files?per_page=100`]: pullFiles(dir, base, head) });
    try {
      const r = runAction(dir, { token: TOKEN, push: 'never' }, { GITHUB_API_URL: github.url });

      expect(r.outputs.status, r.stdout).toBe('success');
      expect(r.status).toBe(1); // the head still fails until someone commits the fix
      const fix = git(dir, 'rev-parse', 'HEAD');
      expect(fix).not.toBe(head);
      const requests = github.requests();
      expect(requests.map((q) => `${q.method} ${q.url}`)).toEqual([
        `GET ${PR_PATH}/comments?per_page=100`,
        `GET ${PULL}/reviews?per_page=100`,
        `GET ${PULL}/files?per_page=100`,
        `POST ${PULL}/reviews`,
        `GET ${PR_PATH}/comments?per_page=100`,
        `POST ${PR_PATH}/comments`,
      ]);
      const review = requests[3]?.body as ReviewPost;
      expect(review).toMatchObject({ commit_id: head, event: 'COMMENT' });
      expect(review.body.startsWith(`${suggestionReviewMarker(head)}\n`)).toBe(true);
      // On the PR's own lines: `var n` (line 8) and the one-line isEmpty (line 13), each a suggestion.
      expect(review.comments.map((c) => [c.path, c.start_line ?? c.line, c.line, c.side])).toEqual([
        ['src/cart.js', 8, 8, 'RIGHT'],
        ['src/cart.js', 13, 13, 'RIGHT'],
      ]);
      expect(review.comments[0]?.body).toBe('```suggestion\n  let n = 0;\n```');
      // Committing every suggestion gives exactly the file the loop's fix made.
      expect(applySuggestions(CART_AT_HEAD, review.comments)).toBe(
        git(dir, 'show', `${fix}:src/cart.js`) + '\n',
      );
      // legacy.js is outside the PR's diff: only in the patch, and the review says so.
      expect(git(dir, 'diff', '--name-only', head, fix).split('\n')).toContain('src/legacy.js');
      expect(review.body).toContain(
        "Not carried by the suggestions (in the whole patch below): `src/legacy.js` (line 1: outside the pull request's diff).",
      );
      expect(review.body).toContain('-var rate = 2;\n+const rate = 2;');
      expect(review.body).toContain('`git am fix.patch`');

      const url = `https://github.com/${OWNER}/${REPO}/pull/${PR_NUMBER}#pullrequestreview-7000`;
      expect(r.summary).toContain(
        `The fix is proposed as 2 suggested changes in [a review](${url}) on the pull request; one change is in \`fix.patch\` only (the review lists them).`,
      );
      expect(r.summary).toContain(`commit the [suggested changes](${url}) on the pull request`);

      // A re-run of the job: a fresh checkout of the same head; it finds its review and posts none.
      git(dir, 'reset', '-q', '--hard', head);
      const again = runAction(dir, { token: TOKEN, push: 'never' }, { GITHUB_API_URL: github.url });
      expect(again.outputs.status, again.stdout).toBe('success');
      const rerun = github.requests().slice(requests.length);
      expect(rerun.filter((q) => q.url.startsWith(PULL)).map((q) => `${q.method} ${q.url}`)).toEqual([
        `GET ${PULL}/reviews?per_page=100`,
      ]);
      expect(again.summary).toContain(`in [a review](${url}) on the pull request (posted by an earlier run`);
      expect(readFileSync(join(again.runnerTemp, 'closed-loop', 'fix.patch'), 'utf8')).toContain(
        'const rate',
      );
    } finally {
      github.stop();
    }
  });
});
