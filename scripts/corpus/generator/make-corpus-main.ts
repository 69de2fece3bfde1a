// `npm run corpus:make`: check, rewrite or re-capture the generated corpus (see
// test/fixtures/logs/README.md, "The generator").
import type { Server } from 'node:http';
import { TABLES } from '../cases/tables.js';
import { corpusRoot } from '../load-corpus.js';
import { logJobs } from './batches.js';
import { captureCase, SCRATCH } from './capture-case.js';
import { corpusDrift, recordedRuns, regenerateFromRecords } from './check-corpus.js';
import type { StepRun } from './compose-log.js';
import { regenerate } from './regenerate.js';
import { captureSetupBlocks } from './capture-setup.js';
import { startStub } from './stub-server.js';
import { writeFiles } from './write-files.js';

const USAGE = `Usage: npm run corpus:make -- [--check | --write | --capture [ID|PREFIX ...] | --capture-setup]
  --check           (default) compose every generated log, manifest and recorded run again from the
                    committed logs and the tables; list what differs; exit 1 on drift. No tool runs.
  --write           the same, and write the result over the committed files (after editing a label,
                    a note or a table's layout; no tool runs).
  --capture [ID...] run the real tools for the cases whose id is or starts with an ID (all cases when
                    none), in ${SCRATCH}/<case>; write their logs, recorded runs and manifests.
  --capture-setup   capture the setup blocks again (apt-get install, npm ci, pip install, versions).`;

/** The loopback stub's ports: the first and more batches use 8790, fresh(2) 8791, the steps probes 8793. */
const STUB_PORTS = [8790, 8791, 8793];

export async function main(args: string[], log: (line: string) => void): Promise<number> {
  const [mode = '--check', ...rest] = args;
  if (mode === '--check') return check(log);
  if (mode === '--write') return write(log);
  if (mode === '--capture') return capture(rest, log);
  if (mode === '--capture-setup') {
    for (const line of captureSetupBlocks()) log(line);
    return 0;
  }
  log(mode === '--help' ? USAGE : `corpus:make: unknown option '${mode}'\n${USAGE}`);
  return mode === '--help' ? 0 : 2;
}

function check(log: (line: string) => void): number {
  const { files, problems } = regenerateFromRecords(corpusRoot, TABLES);
  const drift = corpusDrift(corpusRoot, files);
  for (const p of problems) log(`PROBLEM ${p}`);
  for (const d of drift) log(`${d.why.padEnd(13)} test/fixtures/${d.path}`);
  if (drift.length)
    log(
      `${drift.length} generated file(s) differ from the tables and recorded runs: edit the table (scripts/corpus/cases/), ` +
        'then `npm run corpus:make -- --write` (or `--capture <id>` to run the tools again).',
    );
  else log(`${files.size} generated files are as the tables and recorded runs make them.`);
  return drift.length ? 1 : 0;
}

function write(log: (line: string) => void): number {
  const { files, problems } = regenerateFromRecords(corpusRoot, TABLES);
  writeChanged(files, log);
  for (const p of problems) log(`PROBLEM ${p}`);
  return 0;
}

/** Writes the generated files that differ from the committed ones; lists manifests no table writes. */
function writeChanged(files: Map<string, string>, log: (line: string) => void): void {
  const drift = corpusDrift(corpusRoot, files);
  const changed = drift.filter((d) => d.why !== 'not generated');
  writeFiles(corpusRoot, new Map(changed.map((d) => [d.path, files.get(d.path)!])));
  for (const d of changed) log(`wrote test/fixtures/${d.path}`);
  for (const d of drift)
    if (d.why === 'not generated')
      log(`test/fixtures/${d.path}: no table writes it; delete it if its table is gone`);
  log(`${changed.length} file(s) written (see git diff).`);
}

async function capture(ids: string[], log: (line: string) => void): Promise<number> {
  const picked = TABLES.flatMap(logJobs).filter(
    (job) => !ids.length || ids.some((id) => job.c.id === id || job.c.id.startsWith(id)),
  );
  if (!picked.length) {
    log(`corpus:make: no case id is or starts with ${ids.join(', ')}`);
    return 2;
  }
  const stubs: Server[] = [];
  for (const port of STUB_PORTS)
    await startStub(port).then(
      (s) => stubs.push(s),
      () => log(`port ${port} busy: using what listens there`),
    );
  const captured = new Map<string, StepRun[]>();
  try {
    for (const job of picked) {
      const runs = await captureCase(job);
      captured.set(job.c.id, runs);
      log(`${job.c.id.padEnd(50)} ${runs.map((r) => `rc=${r.rc}`).join(' ')}`);
      for (const r of runs)
        if (r.rc === 127) log(`  PROBLEM ${job.c.id}: \`${r.cmd}\` exited 127: is its tool installed?`);
    }
  } finally {
    for (const s of stubs) {
      s.closeAllConnections();
      s.close();
    }
  }
  const recorded = recordedRuns(corpusRoot);
  const { files, problems } = regenerate(TABLES, (job) => captured.get(job.c.id) ?? recorded(job));
  writeChanged(files, log);
  for (const p of problems) log(`PROBLEM ${p}`);
  log(`${picked.length} case(s) captured.`);
  return problems.length ? 1 : 0;
}
