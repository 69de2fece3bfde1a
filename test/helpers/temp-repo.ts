import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { afterAll } from 'vitest';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '../..');

/** Runs git in `cwd` as a test user, returning trimmed stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
    },
  }).trim();
}

export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
}

/**
 * A temporary git repository holding `files`, committed on `main`. With `linkNodeModules`, its
 * node_modules is closed-loop's own, so the REAL eslint, prettier, tsc and vitest run without an
 * install (they are closed-loop's devDependencies).
 */
export function createTempRepo(
  files: Record<string, string>,
  options: { linkNodeModules?: boolean; commit?: boolean } = {},
): string {
  const dir = mkdtempSync(join(tmpdir(), 'closed-loop-repo-'));
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.name', 'Test');
  git(dir, 'config', 'user.email', 'test@example.com');
  writeFiles(dir, { '.gitignore': 'node_modules\n', ...files });
  if (options.linkNodeModules) symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  if (options.commit !== false) {
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'initial');
  }
  return dir;
}

/** `createTempRepo` for a test file that removes every repository it made once its tests are done. */
export function tempRepos(
  options: { linkNodeModules?: boolean } = {},
): (files: Record<string, string>) => string {
  const made: string[] = [];
  afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  return (files) => {
    const dir = createTempRepo(files, options);
    made.push(dir);
    return dir;
  };
}
