// Drift check: composes every generated log and manifest again from the committed logs' recorded runs
// and the tables, and lists what differs from the committed files. No tool runs; `npm run all` runs
// this through test/scripts/corpus-generator.test.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseTable, LogJob } from './batches.js';
import type { StepRun } from './compose-log.js';
import { readRecords, runsFromLog } from './recorded-runs.js';
import { folderOf, RECORDS_FILE, regenerate, type Regenerated } from './regenerate.js';

/**
 * Each case's runs as recorded under `root` (test/fixtures): its committed log read back through its
 * recorded run. Throws naming the log and the command that makes it when either is missing.
 */
export function recordedRuns(root: string): (job: LogJob) => StepRun[] {
  const records = {
    logs: readRecords(join(root, 'logs', RECORDS_FILE)),
    'logs-heldout': readRecords(join(root, 'logs-heldout', RECORDS_FILE)),
  };
  return (job) => {
    const folder = folderOf(job);
    const where = `test/fixtures/${folder}/${job.c.id}.log`;
    const capture = `capture it: npm run corpus:make -- --capture ${job.c.id}`;
    const record = records[folder][job.c.id];
    if (!record) throw new Error(`${where}: no recorded run in ${folder}/${RECORDS_FILE}; ${capture}`);
    let log: string;
    try {
      log = readFileSync(join(root, folder, `${job.c.id}.log`), 'utf8');
    } catch {
      throw new Error(`${where}: missing; ${capture}`);
    }
    try {
      return runsFromLog(job.c, job.eco, job.wrapper, job.style, log, record);
    } catch (e) {
      throw new Error(`${where}: ${(e as Error).message}; re-capture it or restore it from git`);
    }
  };
}

/** Regenerates from what is committed under `root`: no tool runs. */
export function regenerateFromRecords(root: string, tables: CaseTable[]): Regenerated {
  return regenerate(tables, recordedRuns(root));
}

/** Manifests of logs captured by hand (test/fixtures/logs/README.md), besides manifest.yml. */
const HAND_MADE: ReadonlySet<string> = new Set(['manifest.places.yml']);

export interface Drift {
  path: string;
  why: 'differs' | 'missing' | 'not generated';
}

/** Generated files that differ from `root`'s, and committed generated manifests no table writes. */
export function corpusDrift(root: string, regenerated: Map<string, string>): Drift[] {
  const drift: Drift[] = [];
  for (const [path, content] of regenerated) {
    const file = join(root, path);
    if (!existsSync(file)) drift.push({ path, why: 'missing' });
    else if (!readFileSync(file).equals(Buffer.from(content, 'utf8'))) drift.push({ path, why: 'differs' });
  }
  // manifest.yml (the pinned set) and the places batch are hand-made; every other manifest comes from a
  // table.
  for (const folder of ['logs', 'logs-heldout'])
    for (const name of readdirSync(join(root, folder)))
      if (/^manifest\..+\.yml$/.test(name) && !HAND_MADE.has(name) && !regenerated.has(join(folder, name)))
        drift.push({ path: join(folder, name), why: 'not generated' });
  return drift;
}
