import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Workspace } from '../../core/strategies/find-workspace.js';
import type { WorkspaceFacts } from '../../core/strategies/workspace-fixer.js';

function readJson(file: string): Record<string, unknown> | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The workspace globs: package.json `workspaces` (npm, yarn, bun) or pnpm-workspace.yaml `packages`. */
function workspaceGlobs(cwd: string): string[] {
  const field = readJson(join(cwd, 'package.json'))?.workspaces;
  const fromPackage = Array.isArray(field) ? field : (field as { packages?: unknown } | undefined)?.packages;
  if (Array.isArray(fromPackage)) return fromPackage.filter((g): g is string => typeof g === 'string');
  try {
    const pnpm = parse(readFileSync(join(cwd, 'pnpm-workspace.yaml'), 'utf8')) as {
      packages?: unknown;
    } | null;
    return Array.isArray(pnpm?.packages)
      ? pnpm.packages.filter((g): g is string => typeof g === 'string')
      : [];
  } catch {
    return [];
  }
}

/**
 * The monorepo's workspaces (folder and package name), from the root's workspace globs: `dir/*`
 * (and `dir/**`, one level) and plain folders; exclusions (`!x`) and deeper globs are left out.
 * An nx workspace without them: its apps/, libs/ and packages/ projects (project.json or package.json).
 * [] for a project without workspaces.
 */
function readWorkspaces(cwd: string): Workspace[] {
  const dirs = new Set<string>();
  const globs = workspaceGlobs(cwd);
  // An nx workspace without package-manager workspaces keeps its projects in apps/ and libs/.
  const nx = globs.length === 0 && existsSync(join(cwd, 'nx.json'));
  for (const glob of nx ? ['apps/*', 'libs/*', 'packages/*'] : globs) {
    if (glob.startsWith('!')) continue;
    const clean = glob.replace(/^\.\//, '').replace(/\/+$/, '');
    const star = /^(.*?)\/\*\*?$/.exec(clean);
    if (star) {
      const parent = star[1] ?? '';
      const entries = (() => {
        try {
          return readdirSync(join(cwd, parent), { withFileTypes: true });
        } catch {
          return [];
        }
      })();
      for (const e of entries) if (e.isDirectory()) dirs.add(`${parent}/${e.name}`);
    } else if (!clean.includes('*')) dirs.add(clean);
  }
  const workspaces: Workspace[] = [];
  for (const dir of [...dirs].sort()) {
    const name =
      readJson(join(cwd, dir, 'package.json'))?.name ?? readJson(join(cwd, dir, 'project.json'))?.name;
    if (typeof name === 'string') workspaces.push({ dir, name });
  }
  return workspaces;
}

/** The workspaces with their package.json scripts: a workspace's own fix script is its fixer. */
export function readWorkspaceFacts(cwd: string): WorkspaceFacts[] {
  return readWorkspaces(cwd).map((w) => {
    const scripts = readJson(join(cwd, w.dir, 'package.json'))?.scripts;
    const own =
      typeof scripts === 'object' && scripts !== null
        ? Object.fromEntries(
            Object.entries(scripts).filter((e): e is [string, string] => typeof e[1] === 'string'),
          )
        : {};
    return { ...w, scripts: own };
  });
}
