import { describe, expect, it } from 'vitest';
import {
  addCommand,
  lockfileUpdateCommand,
  pipInstallCommand,
} from '../../../src/core/strategies/install-commands.js';
import { planLockfileUpdate } from '../../../src/core/strategies/plan-lockfile.js';
import {
  isDevDependency,
  planNodeDependency,
  type NodeDependencyFacts,
} from '../../../src/core/strategies/plan-node-dependency.js';
import { project } from './builders.js';

const facts = (over: Partial<NodeDependencyFacts>): NodeDependencyFacts => ({
  name: 'is-number',
  manifest: {},
  installedVersion: null,
  packageManager: 'npm',
  checkType: 'build',
  importers: [],
  ...over,
});

describe('planNodeDependency', () => {
  it.each([
    [
      'absent: add it',
      facts({ importers: ['src/index.js'] }),
      { kind: 'run', command: 'npm install is-number' },
    ],
    [
      'absent, imported by tests only: a devDependency',
      facts({ importers: ['test/a.test.ts', 'src/b.spec.js'] }),
      { kind: 'run', command: 'npm install --save-dev is-number' },
    ],
    [
      'absent, from a tool config: a devDependency',
      facts({ importers: ['/home/runner/app/eslint.config.js'] }),
      { kind: 'run', command: 'npm install --save-dev is-number' },
    ],
    [
      'absent, no importer, test check: a devDependency',
      facts({ checkType: 'test', packageManager: 'pnpm' }),
      { kind: 'run', command: 'pnpm add --save-dev is-number' },
    ],
    [
      'absent, app code imports it even in a test check',
      facts({ checkType: 'test', importers: ['src/client.js', 'test/a.test.js'], packageManager: 'yarn' }),
      { kind: 'run', command: 'yarn add is-number' },
    ],
    [
      'declared but not installed',
      facts({ manifest: { devDependencies: { 'is-number': '^7.0.0' } }, packageManager: 'bun' }),
      { kind: 'run', command: 'bun install' },
    ],
    [
      'installed and satisfying',
      facts({ manifest: { dependencies: { 'is-number': '^7.0.0' } }, installedVersion: '7.0.0' }),
      { kind: 'nothing' },
    ],
    [
      'installed, not satisfying',
      facts({ manifest: { dependencies: { 'is-number': '^7.0.0' } }, installedVersion: '6.0.0' }),
      { kind: 'conflict' },
    ],
    [
      'installed, a range semver cannot judge',
      facts({ manifest: { dependencies: { 'is-number': 'workspace:*' } }, installedVersion: '1.0.0' }),
      { kind: 'nothing' },
    ],
  ])('%s', (_name, input, expected) => {
    const plan = planNodeDependency(input);
    expect(plan).toMatchObject(expected);
    expect(plan.why).toContain('is-number');
  });
});

describe('isDevDependency', () => {
  it.each([
    ['lint', [], true],
    ['type', [], true],
    ['test', [], true],
    ['build', [], false],
    [null, [], false],
    ['test', ['src/app.ts'], false],
    ['build', ['src/__tests__/a.ts'], true],
    ['build', ['vitest.config.ts', 'tests/x.py'], true],
  ] as const)('%s check, importers %j → %s', (type, importers, dev) =>
    expect(isDevDependency(type, importers)).toBe(dev),
  );
});

describe('planLockfileUpdate', () => {
  it.each([
    [
      'npm ci out of sync',
      '`npm ci` can only install packages when your package.json and package-lock.json are in sync',
      'npm install',
    ],
    [
      'pnpm frozen',
      ' ERR_PNPM_OUTDATED_LOCKFILE  Cannot install with "frozen-lockfile" because pnpm-lock.yaml is not up to date',
      'pnpm install --no-frozen-lockfile',
    ],
    [
      'yarn frozen',
      'error Your lockfile needs to be updated, but yarn was run with `--frozen-lockfile`.',
      'YARN_ENABLE_IMMUTABLE_INSTALLS=false yarn install',
    ],
    [
      'go.sum',
      'main.go:6:2: missing go.sum entry for module providing package example.com/greet',
      'go mod tidy',
    ],
    [
      'Cargo.lock',
      'error: cannot update the lock file /app/Cargo.lock because --locked was passed',
      'cargo update --workspace',
    ],
    ['unnamed: the project package manager', 'lockfile is out of date', 'bun install'],
  ])('%s', (_name, evidence, command) => {
    expect(planLockfileUpdate(evidence, project({ packageManager: 'bun' }))).toMatchObject({
      kind: 'run',
      command,
    });
  });
  it('refuses a go.sum checksum mismatch', () => {
    expect(planLockfileUpdate('verifying x@v1: checksum mismatch\n go.sum: h1:AAA', project()).kind).toBe(
      'conflict',
    );
  });
  it('does nothing without a known lockfile', () => {
    expect(
      planLockfileUpdate('lockfile is stale', project({ packageManager: null, ecosystems: ['python'] })).kind,
    ).toBe('nothing');
  });
});

describe('install commands', () => {
  it.each([
    [addCommand('npm', '@scope/x', true), 'npm install --save-dev @scope/x'],
    [addCommand(null, 'x', false), 'npm install x'],
    [addCommand('yarn', 'x', true), 'yarn add --dev x'],
    [addCommand('bun', 'x', true), 'bun add --dev x'],
    [lockfileUpdateCommand('npm'), 'npm install'],
    [pipInstallCommand('yaml'), 'python3 -m pip install PyYAML'],
    [pipInstallCommand('requests_mock'), 'python3 -m pip install requests_mock'],
  ])('%s', (actual, expected) => expect(actual).toBe(expected));
});
