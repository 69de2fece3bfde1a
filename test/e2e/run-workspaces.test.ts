import { describe, expect, it } from 'vitest';
import { LoopResultSchema } from '../../src/core/loop-result.js';
import { git, tempRepos } from '../helpers/temp-repo.js';
import { commitsSince, read, runClosedLoop } from './run-helpers.js';

const repo = tempRepos();
const linked = tempRepos({ linkNodeModules: true });

// A real npm-workspaces monorepo and the real registry (npm's cache makes it quick): the missing
// package goes into the workspace that imports it, not the root.
describe('closed-loop run on an npm-workspaces monorepo', () => {
  it('adds a missing dependency to the importing workspace with npm install -w, and ends green', () => {
    const dir = repo({
      'package.json': `${JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*'], scripts: { test: 'npm test --workspaces --if-present' } }, null, 2)}\n`,
      'packages/core/package.json': `${JSON.stringify({ name: '@mono/core', version: '1.0.0', type: 'module', scripts: { test: 'node --test' } }, null, 2)}\n`,
      'packages/core/index.js':
        "import semver from 'semver';\n\nexport const newer = (a, b) => semver.gt(a, b);\n",
      'packages/core/index.test.js':
        "import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { newer } from './index.js';\n\ntest('newer', () => assert.ok(newer('1.2.0', '1.1.9')));\n",
      'packages/web/package.json': `${JSON.stringify({ name: '@mono/web', version: '1.0.0', type: 'module' }, null, 2)}\n`,
    });
    const base = git(dir, 'rev-parse', 'HEAD');
    const rootBefore = read(dir, 'package.json');
    const r = runClosedLoop(dir, ['--json']);
    expect(r.stdout, r.stderr).not.toBe('');
    const result = LoopResultSchema.parse(JSON.parse(r.stdout));
    expect(result.status, r.stderr).toBe('success');
    expect(result.strategies).toEqual(['dependency_check']);
    expect(result.history[0]?.action ?? '').toBe('the working tree as it is');
    expect(result.history[1]?.action).toMatch(/dependency_check/);
    expect(r.stderr).toMatch(/npm install -w packages\/core semver/);
    const core = JSON.parse(read(dir, 'packages/core/package.json')) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(core.dependencies ?? {})).toEqual(['semver']);
    expect(read(dir, 'package.json')).toBe(rootBefore);
    expect(commitsSince(dir, base)).toEqual([
      'closed-loop: dependency_check for import-not-found (attempt 2)',
    ]);
    expect(git(dir, 'show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual([
      'package-lock.json',
      'packages/core/package.json',
    ]);
  });

  it("formats the files a workspace's prettier names, resolved in that workspace (its package.json, not the root's)", () => {
    const rootManifest = `${JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*'], scripts: { lint: 'npm run lint --workspaces' } }, null, 2)}\n`;
    const dir = linked({
      'package.json': rootManifest,
      // Both unformatted as prettier sees them from packages/core: it prints `index.js` and `package.json`.
      'packages/core/package.json':
        '{"name":"@mono/core","version":"1.0.0","scripts":{"lint":"prettier --check ."}}',
      'packages/core/index.js': 'export const a = {b:1}\n',
    });
    const base = git(dir, 'rev-parse', 'HEAD');
    const r = runClosedLoop(dir);
    expect(r.status, r.stderr).toBe(0);
    // Run in the workspace, with its own config and copy of prettier, on the files it named.
    expect(r.stderr).toContain('ran (cd packages/core && npx prettier --write -- index.js package.json)');
    expect(read(dir, 'packages/core/index.js')).toBe('export const a = { b: 1 };\n');
    expect(read(dir, 'package.json')).toBe(rootManifest);
    expect(commitsSince(dir, base)).toEqual(['closed-loop: auto_fix for format-error (attempt 2)']);
  });
});
