// The generated corpus as files: every table's logs, its manifests, and the recorded runs behind them.
import { join } from 'node:path';
import { logJobs, type CaseTable, type LogJob } from './batches.js';
import { composeLog, type StepRun } from './compose-log.js';
import { formatRecords, recordOf, type RunRecords } from './recorded-runs.js';

/** The folders under test/fixtures a job's files go to. */
export const folderOf = (job: LogJob) => (job.heldOut ? 'logs-heldout' : 'logs');
export const RECORDS_FILE = 'recorded-runs.json';

export interface Regenerated {
  /** Path relative to test/fixtures → content. */
  files: Map<string, string>;
  problems: string[];
}

/** Composes every table's logs and manifests from `runsOf` (recorded or freshly captured runs). */
export function regenerate(tables: CaseTable[], runsOf: (job: LogJob) => StepRun[]): Regenerated {
  const files = new Map<string, string>();
  const manifests = new Map<string, { header: string; entries: string[] }>();
  const records: Record<string, RunRecords> = { logs: {}, 'logs-heldout': {} };
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const table of tables) {
    for (const job of logJobs(table)) {
      const folder = folderOf(job);
      const log = join(folder, `${job.c.id}.log`);
      if (seen.has(log)) throw new Error(`${job.c.id}: two cases write ${log}; give one another id`);
      seen.add(log);
      const runs = runsOf(job);
      const composed = composeLog(job.c, job.eco, job.wrapper, job.style, runs);
      files.set(log, composed.text);
      records[folder]![job.c.id] = recordOf(job.style, runs);
      problems.push(...composed.problems);
      const manifest = join(folder, job.manifest);
      const m = manifests.get(manifest) ?? { header: job.header, entries: [] };
      m.entries.push(composed.entry);
      manifests.set(manifest, m);
    }
  }
  for (const [path, m] of manifests) files.set(path, m.header + m.entries.join('\n') + '\n');
  for (const [folder, r] of Object.entries(records)) files.set(join(folder, RECORDS_FILE), formatRecords(r));
  return { files, problems };
}
