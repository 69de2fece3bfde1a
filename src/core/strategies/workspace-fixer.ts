import { findWorkspace, type Workspace } from './find-workspace.js';
import type { PackageManager } from './project-facts.js';
import { shellJoin, shellQuote } from './shell-quote.js';

/** A workspace of a monorepo with its own package.json scripts. */
export interface WorkspaceFacts extends Workspace {
  scripts: Readonly<Record<string, string>>;
}

/** More files than this and the fixer runs on the whole folder instead. */
const MAX_FIXER_FILES = 50;

/**
 * The files a fixer may be given: relative paths without `..` that name a file in the repository
 * (paths come from a log, which anyone who can push can make print anything).
 */
export function safeFiles(files: readonly string[], isRepoFile: (path: string) => boolean): string[] {
  return [...new Set(files)].filter(
    (f) => !f.startsWith('-') && !f.startsWith('/') && !f.split('/').includes('..') && isRepoFile(f),
  );
}

/** The file arguments after `--` (a printed `--plugin=./evil.cjs` stays a file name), or `.`. */
function fileArgs(files: readonly string[]): string {
  return files.length === 0 || files.length > MAX_FIXER_FILES ? '.' : `-- ${shellJoin(files)}`;
}

/**
 * A Node tool's fixer (`npx eslint --fix`) run where its config and its own copy live: in each
 * workspace holding some of the files, from that folder, with paths relative to it; at the root for
 * the root's files. Without located files, in the workspaces that printed the failure (`fallback`).
 */
export function inWorkspaces(
  base: string,
  files: readonly string[],
  workspaces: readonly Workspace[],
  fallback: readonly string[] = [],
): string {
  if (workspaces.length === 0) return `${base} ${fileArgs(files)}`;
  const groups = new Map<string, string[]>();
  for (const file of files) {
    const dir = findWorkspace(workspaces, [file])?.dir ?? '';
    groups.set(dir, [...(groups.get(dir) ?? []), dir === '' ? file : file.slice(dir.length + 1)]);
  }
  if (groups.size === 0) for (const dir of fallback) groups.set(dir, []);
  if (groups.size === 0) return `${base} .`;
  return [...groups]
    .map(([dir, list]) =>
      dir === '' ? `${base} ${fileArgs(list)}` : `(cd ${shellQuote(dir)} && ${base} ${fileArgs(list)})`,
    )
    .join(' ; ');
}

/** One workspace's script, run by the project's package manager from the root. */
export function workspaceScript(pm: PackageManager | null, ws: Workspace, script: string): string {
  const s = shellQuote(script);
  switch (pm ?? 'npm') {
    case 'npm':
      return `npm run ${s} -w ${shellQuote(ws.dir)}`;
    case 'pnpm':
      return `pnpm --filter ${shellQuote(ws.name)} run ${s}`;
    case 'yarn':
      return `yarn workspace ${shellQuote(ws.name)} run ${s}`;
    case 'bun':
      return `cd ${shellQuote(ws.dir)} && bun run ${s}`;
  }
}
