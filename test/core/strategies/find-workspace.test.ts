import { describe, expect, it } from 'vitest';
import { findWorkspace, resolveWorkspacePath } from '../../../src/core/strategies/find-workspace.js';
import { addCommand } from '../../../src/core/strategies/install-commands.js';

const WORKSPACES = [
  { dir: 'packages/core', name: '@mono/core' },
  { dir: 'packages/core-utils', name: '@mono/core-utils' },
  { dir: 'apps/web', name: 'web' },
];

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

describe('resolveWorkspacePath', () => {
  const files = new Set([
    'README.md',
    'package.json',
    'packages/core-utils/package.json',
    'packages/core/index.js',
    'packages/core-utils/index.js',
    'apps/web/main.ts',
  ]);
  const exists = (p: string) => files.has(p);
  const output =
    '> @mono/core-utils@1.0.0 lint\n> prettier --check .\n\nChecking formatting...\n[warn] index.js\n';
  it.each([
    ['a file at the root stays as printed', 'README.md', output, 'README.md'],
    [
      "a workspace's package.json printed by its script is not the root's",
      'package.json',
      output.replace('index.js', 'package.json'),
      'packages/core-utils/package.json',
    ],
    [
      "a path printed by a workspace's script resolves in that workspace",
      'index.js',
      output,
      'packages/core-utils/index.js',
    ],
    ['else in the only workspace that has it', 'main.ts', '[warn] main.ts', 'apps/web/main.ts'],
    ['ambiguous without an echo: left as printed', 'index.js', '[warn] index.js', 'index.js'],
  ])('%s', (_name, file, printed, expected) => {
    expect(resolveWorkspacePath(file, printed, WORKSPACES, exists)).toBe(expected);
  });
});
