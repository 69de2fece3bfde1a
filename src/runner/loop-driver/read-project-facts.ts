import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProjectFacts } from '../../core/strategies/project-facts.js';
import type { DetectedProject } from '../checks/detect-checks.js';

/** What the fix strategies need about the project: detection's facts plus package.json's scripts. */
export async function readProjectFacts(
  cwd: string,
  detected: DetectedProject,
  pythonEnv: string | null = null,
): Promise<ProjectFacts> {
  let scripts: Record<string, string> = {};
  try {
    const pkg = JSON.parse(await readFile(join(cwd, 'package.json'), 'utf8')) as { scripts?: unknown };
    if (pkg.scripts && typeof pkg.scripts === 'object') {
      scripts = Object.fromEntries(
        Object.entries(pkg.scripts).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
    }
  } catch {
    // No package.json, or one that does not parse: no scripts to offer (the check itself will say more).
  }
  return { packageManager: detected.packageManager, ecosystems: detected.ecosystems, scripts, pythonEnv };
}
