import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoopResult } from '../core/loop-result.js';
import { pointResultAtShippedReports } from '../core/pull-request/report-files.js';
import { runGit } from '../runner/git/run-git.js';
import { displayPath } from '../runner/state-dir.js';
import { maskOutputDeep } from '../runner/secrets/known-secrets.js';
import { PATCH_FILE, RESULT_FILE } from './result-artifact.js';
import { collectReports, type CollectedReport } from './collect-reports.js';

export interface ResultFiles {
  /** result.json: the versioned LoopResult. */
  result: string;
  /** fix.patch, when the loop committed fixes; null otherwise. */
  patch: string | null;
  patchText: string | null;
  /** The run's reports copied beside them (escalation, dead letter, context, attempts). */
  reports: CollectedReport[];
}

/**
 * Writes result.json, the run's reports from the state folder `stateDir`, and fix.patch (`git format-patch
 * --stdout start..end`, one mail per fix commit,
 * which `git am` or `git apply` takes) when the loop committed fixes, into `dir`.
 */
export async function writeResultFiles(
  result: LoopResult,
  repoRoot: string,
  dir: string,
  stateDir: string | null,
): Promise<ResultFiles> {
  await mkdir(dir, { recursive: true });
  const resultPath = join(dir, RESULT_FILE);
  const shown = stateDir === null ? null : displayPath(repoRoot, stateDir);
  const reports =
    stateDir === null || shown === null
      ? []
      : await collectReports(stateDir, result.task_id, result.started_at, dir, shown);
  // Whoever reads result.json (the App) has the artifact: its reason names the reports' copies there,
  // not the runner's state folder.
  const shipped = pointResultAtShippedReports(result, {
    names: reports.map((r) => r.name),
    stateDir: shown,
    where: 'artifact',
  });
  // Masked by value, before serialising: masking the JSON text could break it.
  await writeFile(resultPath, `${JSON.stringify(maskOutputDeep(shipped), null, 2)}\n`);
  const { start, end } = result.head;
  if (result.fix_commits.length === 0 || start === null || end === null || start === end) {
    return { result: resultPath, patch: null, patchText: null, reports };
  }
  const { stdout } = await runGit(repoRoot, [
    'format-patch',
    '--stdout',
    '--no-signature',
    `${start}..${end}`,
  ]);
  const patchPath = join(dir, PATCH_FILE);
  await writeFile(patchPath, stdout);
  return { result: resultPath, patch: patchPath, patchText: stdout, reports };
}
