import { describe, expect, it } from 'vitest';
import { findWorkspace } from '../../../src/core/strategies/find-workspace.js';
import { addCommand } from '../../../src/core/strategies/install-commands.js';

const WORKSPACES = [{ dir: 'packages/core', name: '@mono/core' }, { dir: 'packages/core-utils', name: '@mono/core-utils' }, { dir: 'apps/web', name: 'web' }];

describe('findWorkspace', () => {
  it.each([
    ['the workspace holding the importer', ['packages/core/src/index.js'], '@mono/core'],
    ['not a sibling sharing its prefix', ['packages/core-utils/a.js'], '@mono/core-utils'],
    ['the first importer inside one', ['scripts/x.js', './apps/web/main.ts'], 'web'],
    ['none for root code', ['src/index.js'], null],
  ])('%s', (_name, importers, expected) => {
    expect(findWorkspace(WORKSPACES, importers)?.name ?? null).toBe(expected);
  });
});

describe('addCommand into a workspace', () => {
  const ws = { dir: 'packages/core', name: '@mono/core' };
  it.each([
    ['npm', 'npm install -w packages/core semver'],
    ['pnpm', 'pnpm --filter @mono/core add semver'],
    ['yarn', 'yarn workspace @mono/core add semver'],
    ['bun', 'cd packages/core && bun add semver'],
  ] as const)('%s', (pm, command) => {
    expect(addCommand(pm, 'semver', false, ws)).toBe(command);
  });
});
