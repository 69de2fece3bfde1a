import semver from 'semver';
import type { CheckType } from '../vocabulary.js';
import { addCommand, installCommand } from './install-commands.js';
import type { PackageManager } from './project-facts.js';
import type { Workspace } from './find-workspace.js';
import { matchesTestGlobs } from './test-file-globs.js';

export interface PackageManifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export type DependencyPlan =
  | { kind: 'run'; command: string; why: string }
  | { kind: 'conflict'; why: string }
  | { kind: 'nothing'; why: string };

export interface NodeDependencyFacts {
  name: string;
  manifest: PackageManifest;
  /** `version` of node_modules/<name>/package.json, null when not installed. */
  installedVersion: string | null;
  packageManager: PackageManager | null;
  checkType: CheckType | null;
  /** Files that import the package (from the error's locations and "imported from …"). */
  importers: string[];
  /** The monorepo workspace the importer lives in (findWorkspace); `manifest` is then that workspace's. */
  workspace?: Workspace | null;
  /**
   * The test files the project's test runner runs, as its own config and scripts name them (`mocha
   * tests.js`, a .mocharc spec): an importer among them is test code, whatever its name.
   */
  testGlobs?: readonly string[];
}

const SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;
const TEST_FILE = /(^|[\\/])(__tests__|__mocks__|tests?|spec|e2e)[\\/]|[.-](test|spec|e2e)\.[cm]?[jt]sx?$/;
const TOOL_CONFIG = /(^|[\\/])[\w.-]+\.config\.[cm]?[jt]s$|(^|[\\/])\.\w+rc\.[cm]?[jt]s$/;

export function isTestOrToolingFile(file: string): boolean {
  return TEST_FILE.test(file) || TOOL_CONFIG.test(file);
}

/**
 * A devDependency when every importer is a test or tool-config file (by the test runner's own globs,
 * else by name); a runtime dependency when any importer is application code; without importers, by
 * the failing check (test, lint, type → dev).
 */
export function isDevDependency(
  checkType: CheckType | null,
  importers: readonly string[],
  testGlobs: readonly string[] = [],
): boolean {
  if (importers.length > 0)
    return importers.every((f) => isTestOrToolingFile(f) || matchesTestGlobs(f, testGlobs));
  return checkType === 'test' || checkType === 'lint' || checkType === 'type';
}

function declaredRange(manifest: PackageManifest, name: string): string | null {
  for (const section of SECTIONS) {
    const range = manifest[section]?.[name];
    if (range !== undefined) return range;
  }
  return null;
}

/** What dependency_check does for a missing Node package: add it, install the declared set, or report. */
export function planNodeDependency(f: NodeDependencyFacts): DependencyPlan {
  const range = declaredRange(f.manifest, f.name);
  if (range === null) {
    const dev = isDevDependency(f.checkType, f.importers, f.testGlobs);
    const where = f.workspace ? `${f.workspace.dir}/package.json` : 'package.json';
    return {
      kind: 'run',
      command: addCommand(f.packageManager, f.name, dev, f.workspace ?? null),
      why: `${f.name} is in no dependencies section of ${where}; adding it${dev ? ' as a devDependency' : ''}${f.workspace ? ` to the workspace ${f.workspace.name}, which imports it` : ''}`,
    };
  }
  if (f.installedVersion === null) {
    return {
      kind: 'run',
      command: installCommand(f.packageManager),
      why: `${f.name}@${range} is declared but not installed`,
    };
  }
  const valid = semver.validRange(range) !== null;
  if (valid && !semver.satisfies(f.installedVersion, range, { includePrerelease: true })) {
    return {
      kind: 'conflict',
      why: `${f.name}@${f.installedVersion} is installed but package.json asks for ${range}: a version conflict to resolve by hand`,
    };
  }
  return {
    kind: 'nothing',
    why: `${f.name}@${f.installedVersion} is installed${valid ? ` and satisfies ${range}` : ''}; the import fails for another reason (exports, types, or a path)`,
  };
}
