import { describe, expect, it } from 'vitest';
import { createPrefixReader, pathsIn } from '../../../src/core/strategies/task-prefix.js';
import { inWorkspaces, workspaceScript } from '../../../src/core/strategies/workspace-fixer.js';
import { chooseFixer } from '../../../src/core/strategies/choose-fixer.js';
import { check, diagnosis, project } from './builders.js';

const WEB = { dir: 'packages/web', name: '@mono/web' };
const API = { dir: 'packages/api', name: '@mono/api' };

describe("a task runner's line prefixes: the tool's own line, and the workspace that printed it", () => {
  it.each([
    [
      'turbo',
      '@mono/web:lint:   2:3  error  Unexpected var  no-var',
      '  2:3  error  Unexpected var  no-var',
      WEB,
    ],
    ['turbo with a colon in the task', '@mono/api:test:unit: FAIL src/a.test.ts', 'FAIL src/a.test.ts', API],
    ['pnpm -r', 'packages/web lint: /repo/packages/web/src/a.js', '/repo/packages/web/src/a.js', WEB],
    [
      'yarn workspaces foreach',
      '[@mono/api]: src/b.ts(3,5): error TS2322',
      'src/b.ts(3,5): error TS2322',
      API,
    ],
    ['nx or lerna stream', 'web: src/a.js: line 1', 'src/a.js: line 1', WEB],
  ])('%s', (_, line, text, workspace) => {
    expect(createPrefixReader([WEB, API])(line)).toEqual({ text, workspace });
  });

  it('keeps a line whose prefix names no workspace, and follows headers (npm -ws, nx, pnpm)', () => {
    const read = createPrefixReader([WEB, API]);
    expect(read('Error: Cannot find module x')).toEqual({
      text: 'Error: Cannot find module x',
      workspace: null,
    });
    expect(read('> @mono/api@1.0.0 lint').workspace).toBe(API);
    expect(read('src/b.js').workspace).toBe(API);
    expect(read('> nx run web:lint').workspace).toBe(WEB);
    expect(read('packages/api lint$ eslint .').workspace).toBe(API);
    expect(read('  1:1  error  x').workspace).toBe(API);
  });

  it('reads nothing without workspaces', () => {
    expect(createPrefixReader([])('@mono/web:lint: x')).toEqual({
      text: '@mono/web:lint: x',
      workspace: null,
    });
  });

  it('finds the paths a line names', () => {
    expect(pathsIn("src/b.ts(3,5): error TS2322: Type 'string'")).toEqual(['src/b.ts']);
    expect(pathsIn('[warn] src/a.js')).toEqual(['src/a.js']);
    expect(pathsIn('./lib/x.mjs:3:1 not ok')).toEqual(['lib/x.mjs']);
  });
});

describe('fixers in the workspace that holds the files, with its own config and tools', () => {
  it('runs a Node tool in each workspace, paths relative to it; root files at the root', () => {
    expect(
      inWorkspaces('npx eslint --fix', ['packages/web/src/a.js', 'packages/api/b.js', 'x.js'], [WEB, API]),
    ).toBe(
      '(cd packages/web && npx eslint --fix -- src/a.js) ; (cd packages/api && npx eslint --fix -- b.js) ; npx eslint --fix -- x.js',
    );
    expect(inWorkspaces('npx prettier --write', [], [WEB, API], ['packages/api'])).toBe(
      '(cd packages/api && npx prettier --write .)',
    );
    expect(inWorkspaces('npx eslint --fix', ['a.js'], [])).toBe('npx eslint --fix -- a.js');
  });

  it("runs the workspace's own fix script with the project's package manager", () => {
    expect(workspaceScript('pnpm', WEB, 'lint:fix')).toBe('pnpm --filter @mono/web run lint:fix');
    expect(workspaceScript('yarn', WEB, 'format')).toBe('yarn workspace @mono/web run format');
    expect(workspaceScript('npm', WEB, 'format')).toBe('npm run format -w packages/web');
    const fixer = chooseFixer({
      check: check({ command: 'pnpm run lint' }),
      diagnosis: diagnosis({ locations: [{ file: 'packages/web/src/a.js', line: 2, column: 3 }] }),
      project: project({ packageManager: 'pnpm' }),
      isRepoFile: () => true,
      workspaces: [
        { ...WEB, scripts: { 'lint:fix': 'eslint --fix .' } },
        { ...API, scripts: {} },
      ],
    });
    expect(fixer?.command).toBe('pnpm --filter @mono/web run lint:fix');
  });
});
