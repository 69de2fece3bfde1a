import type { LoopResult } from '../loop-result.js';
import { maskSecrets } from '../report/mask-secrets.js';
import { truncateUtf8, utf8Length } from '../report/markdown-text.js';
import { renderPatchSection } from './render-patch-section.js';
import { pointAtShippedReports, renderReportFiles, type ReportFiles } from './report-files.js';
import {
  renderAttemptsTable,
  renderChecksTable,
  renderFacts,
  renderFixCommits,
  renderNotes,
  renderReports,
  renderVerdict,
} from './summary-sections.js';

/** GitHub refuses a step summary over 1 MiB (it then shows none at all). */
export const SUMMARY_MAX_BYTES = 1024 * 1024;

export interface JobSummaryOptions {
  /** Literal values to mask besides the token shapes (e.g. those registered with core.setSecret). */
  secrets?: string[];
  /** The workflow run's address, linked from the summary and the patch instructions. */
  runUrl?: string;
  /** The fix as a patch (`fix.patch`); shown when it was not pushed. */
  patch?: string | null;
  /** The commit the loop pushed to the pull request's branch, when it pushed. */
  pushed?: { sha: string } | null;
  /** Lines the driver adds, e.g. why nothing was pushed. */
  notes?: string[];
  /** The run's report files shipped with the result, and the state folder the reports' text names them in. */
  reports?: ReportFiles;
  /** The size cap, in UTF-8 bytes; GitHub's limit unless a test says otherwise. */
  maxBytes?: number;
}

const capNote = (max: number): string =>
  `> [!WARNING]\n> This summary was cut to stay under ${max === SUMMARY_MAX_BYTES ? "1 MiB, GitHub's limit for a step summary" : `${max} bytes`}; ` +
  'the full reports are in the `closed-loop-result` artifact.';

/**
 * The job summary a reviewer reads at a glance: the verdict, the checks, each attempt, the fix commits,
 * the dead-letter or escalation report (folded), and an unpushed fix as a patch. Every piece is masked.
 * Sections are kept in that order while they fit in `maxBytes`; one that does not is left out whole
 * (never cut inside a table or a fence) and the summary ends saying so.
 */
export function renderJobSummary(result: LoopResult, opts: JobSummaryOptions = {}): string {
  const secrets = opts.secrets ?? [];
  const max = opts.maxBytes ?? SUMMARY_MAX_BYTES;
  const pushed = opts.pushed ?? null;
  const head = `## closed-loop\n\n${renderVerdict(result, secrets)}\n\n${renderFacts(result, secrets, opts.runUrl)}`;
  const sections = [
    renderChecksTable(result, secrets),
    renderAttemptsTable(result, secrets),
    renderFixCommits(result, pushed, secrets),
    renderNotes(opts.notes ?? [], secrets),
    opts.reports ? renderReportFiles(opts.reports) : null,
    renderReports(result, secrets),
    opts.patch && pushed === null ? renderPatchSection(opts.patch, { secrets, runUrl: opts.runUrl }) : null,
  ]
    .filter((s): s is string => s !== null)
    .map((s) => maskSecrets(opts.reports ? pointAtShippedReports(s, opts.reports) : s, secrets));

  const budget = max - utf8Length(`\n\n${capNote(max)}\n`);
  const shownHead = opts.reports ? pointAtShippedReports(head, opts.reports) : head;
  const kept: string[] = [truncateUtf8(maskSecrets(shownHead, secrets), budget)];
  let used = utf8Length(kept[0] ?? '');
  let omitted = 0;
  for (const section of sections) {
    const size = utf8Length(`\n\n${section}`);
    if (used + size <= budget) {
      kept.push(section);
      used += size;
    } else omitted += 1;
  }
  if (omitted > 0) kept.push(capNote(max));
  return `${kept.join('\n\n')}\n`;
}
