import { join } from 'node:path';
import type { Diagnosis } from '../../core/diagnosis.js';
import { goGetCommand } from '../../core/strategies/install-commands.js';
import { fixPythonDependency } from '../python/python-dependency.js';
import { nodeTestGlobs } from './read-test-globs.js';
import { missingModule, type MissingModule } from '../../core/strategies/missing-module.js';
import { planLockfileUpdate } from '../../core/strategies/plan-lockfile.js';
import { planNodeDependency, type DependencyPlan } from '../../core/strategies/plan-node-dependency.js';
import { makeOutcome, type StrategyOutcome } from '../../core/strategies/strategy-outcome.js';
import { changedFiles, markTree } from './changed-files.js';
import { installedVersion, readManifest } from './read-node-package.js';
import { readWorkspaceFacts } from './read-workspaces.js';
import { workspaceResolver } from './workspace-resolver.js';
import { repoFileCheck } from './is-repo-file.js';
import { findWorkspace } from '../../core/strategies/find-workspace.js';
import { describeRun, ranToEnd, runCaptured } from './run-captured.js';
import {
  DEFAULT_CHECK_TIMEOUT_SECONDS,
  MIN_FIX_TIMEOUT_SECONDS,
  type StrategyInput,
} from './strategy-input.js';

const strategy = 'dependency_check';

/** Files the error says import the module: its locations and "imported from X" / "from 'X'". */
function importersOf(d: Diagnosis): string[] {
  const text = d.evidence?.text ?? '';
  const named = [
    ...text.matchAll(/\bimported from (\S+)|Cannot find module ['"][^'"]+['"] from ['"]([^'"]+)['"]/g),
  ].map((m) => m[1] ?? m[2] ?? '');
  return [...new Set([...d.locations.map((l) => l.file), ...named].filter((f) => f !== ''))];
}

function planFor(input: StrategyInput, missing: MissingModule): DependencyPlan {
  if (missing.ecosystem === 'go')
    return {
      kind: 'run',
      command: goGetCommand(missing.name),
      why: `no module in go.mod provides ${missing.name}`,
    };
  const workspaces = input.workspaces ?? readWorkspaceFacts(input.cwd);
  // Paths a workspace's task printed are that workspace's (`index.js` from `@mono/core:test:`).
  const resolve = workspaceResolver(input, workspaces, repoFileCheck(input.cwd));
  const importers = importersOf(input.diagnosis).map(resolve);
  // In a monorepo, the package goes into the workspace whose code imports it.
  const workspace = findWorkspace(workspaces, importers);
  const home = workspace === null ? input.cwd : join(input.cwd, workspace.dir);
  // The test runner's own files, as repository paths: the importers are.
  const testGlobs = nodeTestGlobs(home).map((g) => (workspace === null ? g : `${workspace.dir}/${g}`));
  return planNodeDependency({
    name: missing.name,
    manifest: readManifest(home),
    installedVersion: installedVersion(home, missing.name) ?? installedVersion(input.cwd, missing.name),
    packageManager: input.project.packageManager,
    checkType: input.check?.type ?? null,
    importers,
    workspace,
    testGlobs,
  });
}

/** The plan for this diagnosis: update a lockfile, install a missing package, or say why not. */
function planDependencyCheck(input: StrategyInput): DependencyPlan {
  const d = input.diagnosis;
  const evidence = d.evidence?.text ?? '';
  if (d.pattern === 'lockfile-mismatch' || d.category === 'lockfile')
    return planLockfileUpdate(evidence, input.project);
  const missing = missingModule(d);
  if (missing !== null) return planFor(input, missing);
  if (d.pattern === 'dependency-conflict') {
    return {
      kind: 'conflict',
      why: 'the package manager cannot resolve the declared versions together: choose compatible versions by hand',
    };
  }
  return {
    kind: 'nothing',
    why: 'the error names no installable package (a missing file or path is not a dependency)',
  };
}

/**
 * dependency_check: installs a missing package with the project's package manager, installs the declared
 * set when a declared package is absent, updates an out-of-sync lockfile, or reports a version conflict
 * without acting.
 */
export async function dependencyCheck(input: StrategyInput): Promise<StrategyOutcome> {
  const timeoutMs =
    Math.max(input.check?.timeout ?? DEFAULT_CHECK_TIMEOUT_SECONDS, MIN_FIX_TIMEOUT_SECONDS) * 1000;
  const d = input.diagnosis;
  const python = d.pattern === 'lockfile-mismatch' || d.category === 'lockfile' ? null : missingModule(d);
  if (python?.ecosystem === 'python')
    return fixPythonDependency(input, python.name, importersOf(d), timeoutMs);
  let plan: DependencyPlan;
  try {
    plan = planDependencyCheck(input);
  } catch (err) {
    return makeOutcome({
      strategy,
      applied: false,
      action: `cannot check dependencies: ${(err as Error).message}`,
    });
  }
  if (plan.kind !== 'run') return makeOutcome({ strategy, applied: false, action: plan.why });
  const before = markTree(input.cwd);
  const run = await runCaptured(plan.command, {
    cwd: input.cwd,
    timeoutMs,
    ...(input.signal ? { signal: input.signal } : {}),
  });
  const applied = ranToEnd(run) && run.result.exitCode === 0;
  return makeOutcome({
    strategy,
    applied,
    action: `${describeRun(plan.command, run, timeoutMs)} (${plan.why})`,
    files_modified: changedFiles(before, markTree(input.cwd)),
    output: run.output,
  });
}
