import type { Check } from '../../core/config/schema.js';
import type { CheckType } from '../../core/vocabulary.js';
import { CI_SCRIPTS, typeOfScript, workflowScripts } from './ci-scripts.js';
import { detectedCheck, hasProjectFile, readProjectFile } from './read-project-file.js';

export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

export interface NodeProject {
  checks: Check[];
  packageManager: PackageManager;
  warnings: string[];
}

/** Lockfiles in the order they decide, should a project hold several. */
const LOCKFILES: readonly [string, PackageManager][] = [
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lockb', 'bun'],
  ['bun.lock', 'bun'],
];

/** Scripts that are checks, by type; the first script present of each list is used. */
const SCRIPTS: readonly [CheckType, readonly string[]][] = [
  ['lint', ['lint']],
  ['type', ['typecheck', 'type-check', 'tsc']],
  ['test', ['test']],
  ['build', ['build']],
];

/** `npm init` writes this test script; running it can only fail. */
const PLACEHOLDER_TEST = /no test specified/;

/** The package.json scripts that are checks, run with the package manager the project installs with. */
export async function detectNodeChecks(cwd: string): Promise<NodeProject | null> {
  const text = await readProjectFile(cwd, 'package.json');
  if (text === null) return null;
  let manifest: { scripts?: unknown; packageManager?: unknown };
  try {
    manifest = JSON.parse(text) as typeof manifest;
  } catch (err) {
    return {
      checks: [],
      packageManager: await packageManagerOf(cwd, undefined),
      warnings: [`package.json is not valid JSON (${(err as Error).message})`],
    };
  }
  const packageManager = await packageManagerOf(cwd, manifest.packageManager);
  const scripts =
    typeof manifest.scripts === 'object' && manifest.scripts !== null
      ? (manifest.scripts as Record<string, unknown>)
      : {};
  const checks: Check[] = [];
  for (const [type, names] of SCRIPTS) {
    const name = names.find((n) => typeof scripts[n] === 'string' && scripts[n].trim() !== '');
    if (name === undefined || (type === 'test' && PLACEHOLDER_TEST.test(scripts[name] as string))) continue;
    checks.push(detectedCheck(name, type, scriptCommand(packageManager, name)));
  }
  // What CI runs must pass too: the scripts its workflows run, and those named for CI (check, lint:ci…).
  const ci = [...(await workflowScripts(cwd, scripts)), ...CI_SCRIPTS.map(([n]) => n)];
  for (const name of ci) {
    if (
      typeof scripts[name] !== 'string' ||
      (scripts[name] as string).trim() === '' ||
      checks.some((c) => c.name === name)
    )
      continue;
    if (name === 'test' && PLACEHOLDER_TEST.test(scripts[name] as string)) continue;
    // A script another check already runs (`check` runs `lint:ci`) is not run twice.
    if (
      checks.some((c) =>
        new RegExp(`\\brun\\s+${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$|&|;)`).test(
          String(scripts[c.name]),
        ),
      )
    )
      continue;
    checks.push(detectedCheck(name, typeOfScript(name), scriptCommand(packageManager, name)));
  }
  return { checks, packageManager, warnings: [] };
}

/**
 * The lockfile decides (it is what CI installs from); then package.json's `packageManager` (corepack); then
 * npm.
 */
async function packageManagerOf(cwd: string, declared: unknown): Promise<PackageManager> {
  for (const [file, manager] of LOCKFILES) if (await hasProjectFile(cwd, file)) return manager;
  const name = typeof declared === 'string' ? declared.split('@')[0] : undefined;
  return LOCKFILES.find(([, manager]) => manager === name)?.[1] ?? 'npm';
}

function scriptCommand(manager: PackageManager, script: string): string {
  return manager === 'yarn' ? `yarn ${script}` : `${manager} run ${script}`;
}
