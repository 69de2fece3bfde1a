import { execFileSync } from 'node:child_process';
import { commandEnv } from '../exec/withheld-env.js';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const SKIPPED_DIRS = new Set([
  'node_modules',
  'vendor',
  'dist',
  'build',
  'coverage',
  '__pycache__',
  'target',
]);

/**
 * The repository's files, repo-relative and POSIX: tracked plus untracked-but-not-ignored (so a new
 * file counts and node_modules does not). Outside a git repository, a walk that skips dot-directories
 * and the usual build and dependency folders.
 */
export function listRepoFiles(cwd: string): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd,
      env: commandEnv(process.env),
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return [...new Set(out.split('\0').filter((f) => f !== ''))];
  } catch {
    return walk(cwd, '');
  }
}

function walk(root: string, rel: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
    const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.') && !SKIPPED_DIRS.has(entry.name)) files.push(...walk(root, path));
    } else if (entry.isFile()) {
      files.push(path);
    }
  }
  return files;
}
