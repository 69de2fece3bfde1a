import { lockfileUpdateCommand } from './install-commands.js';
import type { PackageManager, ProjectFacts } from './project-facts.js';
import type { DependencyPlan } from './plan-node-dependency.js';

const NODE_LOCKFILES: readonly (readonly [PackageManager, RegExp])[] = [
  ['pnpm', /pnpm-lock\.yaml|ERR_PNPM_|\bpnpm\b/],
  ['yarn', /yarn\.lock|\byarn\b/],
  ['bun', /bun\.lockb?\b|\bbun\b/],
  ['npm', /package-lock\.json|npm-shrinkwrap|\bnpm ci\b|\bnpm (error|ERR!)/],
];

/** The non-frozen install that brings the lockfile the evidence complains about back in line. */
export function planLockfileUpdate(evidence: string, project: ProjectFacts): DependencyPlan {
  if (/go\.sum|go\.mod/.test(evidence)) {
    if (/checksum mismatch|SECURITY ERROR/.test(evidence)) {
      return {
        kind: 'conflict',
        why: 'go.sum records a different checksum: a security check a person must look at, not a lockfile to regenerate',
      };
    }
    return { kind: 'run', command: 'go mod tidy', why: 'go.mod/go.sum are out of date' };
  }
  if (/Cargo\.lock/.test(evidence)) {
    return {
      kind: 'run',
      command: 'cargo update --workspace',
      why: 'Cargo.lock needs updating (cargo ran with --locked)',
    };
  }
  const named = NODE_LOCKFILES.find(([, re]) => re.test(evidence))?.[0];
  const pm = named ?? project.packageManager;
  if (pm === null || (named === undefined && !project.ecosystems.includes('node'))) {
    return { kind: 'nothing', why: 'the evidence names no lockfile closed-loop knows how to update' };
  }
  return {
    kind: 'run',
    command: lockfileUpdateCommand(pm),
    why: `the ${pm} lockfile is out of sync with package.json`,
  };
}
