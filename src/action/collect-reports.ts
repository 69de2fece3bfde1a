import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pointAtArtifactCopies } from '../core/pull-request/report-files.js';
import { truncateUtf8, utf8Length } from '../core/report/markdown-text.js';
import { maskOutput } from '../runner/secrets/known-secrets.js';

/** Each report in the artifact stays under this (the App reads a zip of at most 5 MiB, 16 entries). */
export const REPORT_MAX_BYTES = 256 * 1024;

/** A report of the run copied into the artifact's folder: its file name there and where the run wrote it. */
export interface CollectedReport {
  name: string;
  /** Where the loop wrote it, in the state folder. */
  source: string;
  cut: boolean;
}

/** The reports a person reads after a run, in the order the summary lists them. */
function reportNames(taskId: string): string[] {
  const safe = taskId.replace(/[^\w.-]+/g, '-');
  return [
    `escalation-${taskId}.md`,
    `dead-letter-${taskId}.md`,
    `context-${safe}.md`,
    `attempts-${taskId}.md`,
  ];
}

/**
 * Copies this run's reports (escalation, dead letter, context, attempts) from the state folder into
 * `outDir`, beside result.json, so the `closed-loop-result` artifact holds every report the job summary
 * names. A file older than the run is an earlier run's and is left out. Each copy names the reports
 * beside it in the artifact, not in the runner's state folder (`shownStateDir`, as the reports print it),
 * which is gone when anyone reads the artifact.
 */
export async function collectReports(
  stateDir: string,
  taskId: string,
  startedAt: string,
  outDir: string,
  shownStateDir: string,
): Promise<CollectedReport[]> {
  const since = Date.parse(startedAt) - 1000;
  const found: { name: string; source: string }[] = [];
  for (const name of reportNames(taskId)) {
    const source = join(stateDir, name);
    const info = await stat(source).catch(() => null);
    if (info !== null && info.isFile() && info.mtimeMs >= since) found.push({ name, source });
  }
  const names = found.map((r) => r.name);
  return Promise.all(
    found.map(async ({ name, source }) => {
      const { text, cut } = await readReport(source, name, (t) =>
        pointAtArtifactCopies(t, names, shownStateDir),
      );
      await writeFile(join(outDir, name), text);
      return { name, source, cut };
    }),
  );
}

/**
 * A report as it leaves the runner: masked again, its state-folder paths named by `point` for where it is
 * read, and cut at REPORT_MAX_BYTES, saying so.
 */
export async function readReport(
  source: string,
  name: string,
  point: (text: string) => string,
): Promise<{ text: string; cut: boolean }> {
  const text = point(maskOutput(await readFile(source, 'utf8')));
  if (utf8Length(text) <= REPORT_MAX_BYTES) return { text, cut: false };
  const note = `\n\n[closed-loop: cut to ${REPORT_MAX_BYTES / 1024} KiB for the artifact; the whole file was ${name} in the runner's state folder]\n`;
  return { text: truncateUtf8(text, REPORT_MAX_BYTES - utf8Length(note)) + note, cut: true };
}
