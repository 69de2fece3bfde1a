import { describe, expect, it } from 'vitest';
import {
  MAX_REFERENCED_PATHS,
  pathsInText,
  referencedPaths,
} from '../../../src/core/verify/referenced-paths.js';
import { safeRepoPath } from '../../../src/core/verify/safe-repo-path.js';
import { aCriterion } from './builders.js';

describe('pathsInText', () => {
  it.each([
    ['backticked path', '`src/api/users.ts` exports the handler', ['src/api/users.ts']],
    ['backticked with a line', 'see `docs/api.md:12`', ['docs/api.md']],
    ['backticked root file', '`package.json` lists the script', ['package.json']],
    ['backticked extensionless file in a folder', '`docker/Dockerfile` builds', ['docker/Dockerfile']],
    ['plain path-looking words', 'README.md and src/app.ts are updated', ['README.md', 'src/app.ts']],
    ['markdown link target', 'documented in [the guide](docs/guide.md#setup)', ['docs/guide.md']],
    ['leading ./ dropped, deduplicated', '`./src/a.ts` and src/a.ts', ['src/a.ts']],
    ['project names are not files', 'Works on Node.js 20 and Vue.js', []],
    ['code that is not a path', '`res.status(200)` and `npm test` and `config.enabled`', []],
    ['URLs are not files', 'see https://example.com/docs/page.md and [x](https://a.b/c.md)', []],
    ['directories are not files', '`src/core/` is pure', []],
    ['absolute and climbing paths are refused', '`/etc/passwd.md` and `../x.ts` and `a/../../b.md`', []],
    ['a branch name is not a file', 'merged from `feat/new-api`', []],
  ])('%s', (_what, text, paths) => {
    expect(pathsInText(text)).toEqual(paths);
  });
});

describe('referencedPaths', () => {
  it("joins the criteria's paths in order, deduplicated", () => {
    const criteria = [aCriterion('`a.md` and `b.md`'), aCriterion('`b.md` then `c/d.ts`', { id: 'AC-2' })];
    expect(referencedPaths(criteria)).toEqual(['a.md', 'b.md', 'c/d.ts']);
  });

  it('hands the App at most 50 paths', () => {
    const criteria = Array.from({ length: 30 }, (_, i) =>
      aCriterion(`\`f/${i}a.ts\` \`f/${i}b.ts\``, { id: `AC-${i + 1}` }),
    );
    const paths = referencedPaths(criteria);
    expect(paths).toHaveLength(MAX_REFERENCED_PATHS);
    expect(paths[0]).toBe('f/0a.ts');
  });
});

describe('safeRepoPath', () => {
  it.each([
    ['docs/t.md', 'docs/t.md'],
    ['./docs/t.md', 'docs/t.md'],
    ['<docs/t.md>', 'docs/t.md'],
    ['/docs/t.md', null],
    ['~/t.md', null],
    ['C:\\t.md', null],
    ['a\\b.md', null],
    ['a/../b.md', null],
    ['..', null],
    ['a//b.md', null],
    ['a/./b.md', null],
    ['src/', null],
    ['https://x.y/t.md', null],
    ['a b.md', null],
    ['a\u0000.md', null],
    ['', null],
    ['a`b.md', null],
    ['x'.repeat(401), null],
  ])('%j → %j', (raw, path) => {
    expect(safeRepoPath(raw)).toBe(path);
  });
});
