import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from '../cli/run-cli.js';
import { git, REPO_ROOT, writeFiles } from '../helpers/temp-repo.js';
import { commitsSince, isClean, type CliRun } from './run-helpers.js';

// The lint script most projects have looks at the whole tree, with no ignore file for closed-loop: the
// loop's own files must never show up in it. Real eslint, prettier and npm (the registry) in real repos.
const LOCK = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version: string }>;
};
const version = (name: string): string => LOCK.packages[`node_modules/${name}`]?.version ?? 'latest';
const manifest = (extra: Record<string, unknown> = {}): string =>
  `${JSON.stringify(
    {
      name: 'whole-tree',
      version: '1.0.0',
      private: true,
      type: 'module',
      scripts: { lint: 'eslint . && prettier --check .', test: 'node --test' },
      devDependencies: { eslint: version('eslint'), prettier: version('prettier') },
      ...extra,
    },
    null,
    2,
  )}\n`;
const ESLINT_CONFIG =
  'export default [\n  { rules: { "prefer-const": "error", "no-unused-vars": "error" } },\n];\n';
const ODD = 'export const odd = (n) => n % 2 === 1;\n';
const ODD_TEST =
  'import { test } from "node:test";\nimport assert from "node:assert";\nimport { odd } from "./odd.js";\n\ntest("odd", () => assert.ok(odd(3)));\n';

let template = '';
const made: string[] = [];
beforeAll(() => {
  // One install of eslint and prettier (npm's cache makes it quick), copied into every case.
  template = mkdtempSync(join(tmpdir(), 'closed-loop-whole-tree-'));
  made.push(template);
  writeFileSync(join(template, 'package.json'), manifest());
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: template,
    stdio: 'pipe',
  });
}, 120_000);
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * A committed project whose `npm run lint` passes but for what `files` break; prettier-formatted like a real
 * one.
 */
function project(files: Record<string, string>, pkg = manifest()): { dir: string; base: string } {
  const dir = mkdtempSync(join(tmpdir(), 'closed-loop-whole-tree-'));
  made.push(dir);
  git(dir, 'init', '-q', '-b', 'main');
  cpSync(join(template, 'node_modules'), join(dir, 'node_modules'), {
    recursive: true,
    verbatimSymlinks: true,
  });
  cpSync(join(template, 'package-lock.json'), join(dir, 'package-lock.json'));
  writeFiles(dir, {
    '.gitignore': 'node_modules\n',
    'package.json': pkg,
    'eslint.config.js': ESLINT_CONFIG,
    'src/odd.js': ODD,
    'src/odd.test.js': ODD_TEST,
    ...files,
  });
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'initial');
  return { dir, base: git(dir, 'rev-parse', 'HEAD') };
}

function run(cwd: string): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'run'], { cwd, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** What a person checks after a green run: the project's own lint passes, the tree holds only their files. */
function expectGreenAndTidy(dir: string): void {
  execFileSync('npm', ['run', 'lint', '--silent'], { cwd: dir, stdio: 'pipe' });
  expect(isClean(dir), git(dir, 'status', '--porcelain')).toBe(true);
  expect(readdirSync(dir).filter((f) => f.includes('closed-loop'))).toEqual([]);
  expect(existsSync(join(dir, '.git/closed-loop/result.json'))).toBe(true);
}

describe.concurrent(
  'closed-loop run with `eslint . && prettier --check .` and no ignore file for the loop',
  () => {
    it('fixes a lint error in one commit', async () => {
      const { dir, base } = project({ 'src/total.js': 'let total = 1;\nexport default total;\n' });
      const r = await run(dir);
      expect(r.status, r.stderr).toBe(0);
      expect(commitsSince(dir, base)).toEqual(['closed-loop: auto_fix for lint-error (attempt 2)']);
      expectGreenAndTidy(dir);
    });

    it('fixes a format error in one commit', async () => {
      const { dir, base } = project({
        'src/total.js': 'const total = {a:1,\n  b:2}\nexport default total;\n',
      });
      const r = await run(dir);
      expect(r.status, r.stderr).toBe(0);
      expect(commitsSince(dir, base)).toEqual(['closed-loop: auto_fix for format-error (attempt 2)']);
      expectGreenAndTidy(dir);
    });

    it('fixes a lint error and a format error, one commit each', async () => {
      const { dir, base } = project({ 'src/total.js': 'let total = {a:1,\n  b:2}\nexport default total;\n' });
      const r = await run(dir);
      expect(r.status, r.stderr).toBe(0);
      expect(commitsSince(dir, base)).toEqual([
        'closed-loop: auto_fix for format-error (attempt 3)',
        'closed-loop: auto_fix for lint-error (attempt 2)',
      ]);
      expectGreenAndTidy(dir);
    });

    it('installs a missing dependency from the registry; the commit holds package.json and the lockfile', async () => {
      const { dir, base } = project({
        'src/odd.js':
          'import isNumber from "is-number";\n\nexport const odd = (n) => isNumber(n) && n % 2 === 1;\n',
      });
      const r = await run(dir);
      expect(r.status, r.stderr).toBe(0);
      expect(commitsSince(dir, base)).toEqual([
        'closed-loop: dependency_check for import-not-found (attempt 2)',
      ]);
      expect(git(dir, 'show', '--format=', '--name-only', 'HEAD').split('\n')).toEqual([
        'package-lock.json',
        'package.json',
      ]);
      expectGreenAndTidy(dir);
    });

    it('brings a lockfile back in sync with package.json', async () => {
      const config =
        'version: 1\nchecks:\n  - name: install\n    type: build\n    command: npm ci --dry-run --no-audit --no-fund\n  - name: lint\n    type: lint\n    command: npm run lint\n';
      const { dir, base } = project(
        { '.github/closed-loop.yml': config },
        manifest({ dependencies: { 'is-number': '^7.0.0' } }),
      );
      const r = await run(dir);
      expect(r.status, r.stderr).toBe(0);
      expect(commitsSince(dir, base)).toEqual([
        'closed-loop: dependency_check for lockfile-mismatch (attempt 2)',
      ]);
      expect(git(dir, 'show', '--format=', '--name-only', 'HEAD').split('\n')).toEqual(['package-lock.json']);
      expectGreenAndTidy(dir);
    });
  },
);
