import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Check } from '../../core/config/schema.js';
import type { CompiledCatalogue } from '../../core/patterns/compile-catalogue.js';
import { logFileNames } from './log-file-names.js';
import { runCheck, type CheckRun } from './run-check.js';
import type { Workspace } from '../../core/strategies/find-workspace.js';

export type { CheckRun } from './run-check.js';

/** Progress for a display: a check started, or ended with its run. */
export type CheckEvent = { kind: 'start'; name: string } | { kind: 'end'; name: string; run: CheckRun };

/** A display's handler; a promise it returns is awaited before the worker takes the next check. */
export type CheckEventHandler = (event: CheckEvent) => unknown;

export interface RunChecksOptions {
  cwd: string;
  /** Created when missing; each check writes `<logDir>/<name>.log`. */
  logDir: string;
  catalogue: CompiledCatalogue;
  /** Aborting kills the running checks' process trees; checks not started yet end as aborted at once. */
  signal?: AbortSignal;
  /** How many checks run at once; default the number of CPUs. */
  concurrency?: number;
  onEvent?: CheckEventHandler;
  /** Each line a check prints, as it is split (unmasked). */
  onLine?: (name: string, line: string) => void;
  killGraceMs?: number;
  /** A monorepo's workspaces (readWorkspaces), whose task prefixes each check's analysis reads past. */
  workspaces?: readonly Workspace[];
}

/**
 * Runs independent checks in parallel, at most `concurrency` at a time, and returns their runs in the
 * checks' order (not the order they finished in), so reports read the same on every run.
 */
export async function runChecks(checks: readonly Check[], options: RunChecksOptions): Promise<CheckRun[]> {
  await mkdir(options.logDir, { recursive: true });
  const files = logFileNames(checks.map((c) => c.name));
  const runs: CheckRun[] = new Array<CheckRun>(checks.length);
  const limit = Math.max(1, Math.floor(options.concurrency ?? availableParallelism()));
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < checks.length; i = next++) {
      const check = checks[i]!;
      await options.onEvent?.({ kind: 'start', name: check.name });
      const onLine = options.onLine;
      const run = await runCheck(check, {
        cwd: options.cwd,
        logFile: join(options.logDir, files[i]!),
        catalogue: options.catalogue,
        signal: options.signal,
        killGraceMs: options.killGraceMs,
        ...(onLine ? { onLine: (line: string) => onLine(check.name, line) } : {}),
        ...(options.workspaces ? { workspaces: options.workspaces } : {}),
      });
      runs[i] = run;
      await options.onEvent?.({ kind: 'end', name: check.name, run });
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, checks.length) }, worker));
  return runs;
}
