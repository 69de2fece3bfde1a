import type { LoopResult } from '../loop-result.js';
import { maskSecrets } from '../report/mask-secrets.js';
import { truncateUtf8, utf8Length } from '../report/markdown-text.js';
import { failureLead, renderFailureLead, type BlobBase } from '../report/failure-lead.js';
import { renderPatchSection } from './render-patch-section.js';
import {
  pointAtShippedReports,
  renderFoldedReports,
  renderReportFiles,
  type ReportFiles,
} from './report-files.js';
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
  /** Where `file:line` links to (the pull request's head on the server); plain `file:line` without it. */
  blobBase?: BlobBase | null;
  /** The review proposing the unpushed fix as suggested changes on the pull request, when there is one. */
  suggestionsUrl?: string | null;
  /**
   * false when the run is about no pull request (a push, a schedule): the next step speaks of this commit,
   * not of a pull request's head. True by default.
   */
  onPullRequest?: boolean;
  /** The size cap, in UTF-8 bytes; GitHub's limit unless a test says otherwise. */
  maxBytes?: number;
}

const capNote = (max: number): string =>
  `> [!WARNING]\n> This summary was cut to stay under ${max === SUMMARY_MAX_BYTES ? "1 MiB, GitHub's limit for a step summary" : `${max} bytes`}; ` +
  'the full reports are in the `closed-loop-result` artifact.';

/**
 * The job summary a reviewer reads at a glance: first what failed (the check, the tool, `file:line` linked
 * to the code, the tool's message, the log's first lines), then what the loop did (the verdict, the checks),
 * then what a person must do; after those the run's facts, each attempt, the fix commits, the report files,
 * the dead-letter or escalation report (folded), and an unpushed fix as a patch. Every piece is masked.
 * Sections are kept in that order while they fit in `maxBytes`; one that does not is left out whole
 * (never cut inside a table or a fence) and the summary ends saying so.
 */
export function renderJobSummary(result: LoopResult, opts: JobSummaryOptions = {}): string {
  const secrets = opts.secrets ?? [];
  const max = opts.maxBytes ?? SUMMARY_MAX_BYTES;
  const pushed = opts.pushed ?? null;
  const lead = failureLead(result);
  const head = [
    '## closed-loop',
    lead === null ? null : renderFailureLead(lead, { base: opts.blobBase ?? null, secrets }),
    renderVerdict(result, secrets),
    nextStep(result, pushed, lead, opts.suggestionsUrl ?? null, opts.onPullRequest ?? true),
    renderFacts(result, secrets, opts.runUrl),
  ]
    .filter((s): s is string => s !== null)
    .join('\n\n');
  const sections = [
    renderChecksTable(result, secrets),
    renderAttemptsTable(result, secrets),
    renderFixCommits(result, pushed, secrets),
    renderNotes(opts.notes ?? [], secrets),
    opts.reports ? renderReportFiles(opts.reports) : null,
    renderReports(result, secrets),
    opts.reports ? renderFoldedReports(opts.reports) : null,
    opts.patch && pushed === null
      ? renderPatchSection(opts.patch, {
          secrets,
          runUrl: opts.runUrl,
          onPullRequest: opts.onPullRequest ?? true,
        })
      : null,
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

/** What a person must do now, in one line; null when nothing (every check passes on the pull request). */
function nextStep(
  result: LoopResult,
  pushed: { sha: string } | null,
  lead: ReturnType<typeof failureLead>,
  suggestionsUrl: string | null,
  onPullRequest: boolean,
): string | null {
  const place = lead?.places[0];
  const at = place ? ` at \`${place.file}:${place.line}\`` : '';
  switch (result.status) {
    case 'success':
      if (result.fix_commits.length === 0 || pushed !== null) return null;
      if (!onPullRequest)
        return '**Next:** the fix was not pushed, so this commit still fails: apply the patch below (or `fix.patch` from the `closed-loop-result` artifact) on its branch and push it.';
      return suggestionsUrl !== null
        ? `**Next:** the fix was not pushed, so the pull request's head still fails: commit the [suggested changes](${encodeURI(suggestionsUrl)}) on the pull request, or apply the patch below (or \`fix.patch\` from the \`closed-loop-result\` artifact) and push it.`
        : "**Next:** the fix was not pushed, so the pull request's head still fails: apply the patch below (or `fix.patch` from the `closed-loop-result` artifact) and push it.";
    case 'interrupted':
      return '**Next:** re-run the workflow; nothing was pushed.';
    default:
      return `**Next:** a person fixes it${at} and pushes; the loop runs again on the new head.`;
  }
}
