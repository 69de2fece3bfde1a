import type { Check, Config } from '../../core/config/schema.js';
import { detectChecks, type DetectedProject } from './detect-checks.js';
import { NoChecksError } from './no-checks-error.js';

export interface ResolvedChecks {
  checks: Check[];
  source: 'config' | 'detected';
  /** Detected even when the config lists the checks: the fix strategies need the package manager. */
  project: DetectedProject;
}

/**
 * The config's checks when it lists any, else the detected ones (at the repository's root, `cwd`, where
 * they run); none at all is a NoChecksError, which names the directory the user asked for (`named`) when
 * it is below the root.
 */
export async function resolveChecks(
  config: Pick<Config, 'checks'>,
  cwd: string,
  configFile?: string,
  named?: { path: string; by: string },
): Promise<ResolvedChecks> {
  const project = await detectChecks(cwd);
  if (config.checks.length > 0) return { checks: config.checks, source: 'config', project };
  if (project.checks.length === 0)
    throw new NoChecksError(cwd, project.warnings, configFile, named?.path ? named : undefined);
  return { checks: project.checks, source: 'detected', project };
}
