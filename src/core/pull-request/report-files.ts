import type { LoopResult } from '../loop-result.js';
import { inlineCode } from '../report/markdown-text.js';

/** The run's report files that went out with its result, and where the reports' own text says they are. */
export interface ReportFiles {
  /** File names, as in the artifact (escalation-<task>.md, context-<task>.md, …). */
  names: readonly string[];
  /** The state folder as the reports print it (`.git/closed-loop`), or null when unknown. */
  stateDir: string | null;
  /**
   * `artifact`: uploaded in `closed-loop-result`; `runner`: written in the runner only (no artifact service).
   */
  where: 'artifact' | 'runner';
  /**
   * The reports not uploaded that the job summary folds whole, since nowhere else holds them once the job
   * is over (the gathered context a no-agent escalation points at): name and text, masked.
   */
  folded?: readonly { name: string; text: string }[];
}

const WHAT: [RegExp, string][] = [
  [/^escalation-/, 'why a person is needed'],
  [/^dead-letter-/, 'why the loop gave up, with suggestions'],
  [/^context-/, 'the context gathered for a fix (what a coding agent reads)'],
  [/^attempts-/, 'every attempt, its error and its strategy'],
];

/** `### Reports`: each shipped report, what it holds, and where to get it. */
export function renderReportFiles(files: ReportFiles): string | null {
  if (files.names.length === 0) return null;
  const where =
    files.where === 'artifact'
      ? 'In the `closed-loop-result` artifact of this run:'
      : 'Written in the runner (no artifact service here, so not uploaded):';
  const lines = files.names.map(
    (n) => `- ${inlineCode(n)}: ${WHAT.find(([re]) => re.test(n))?.[1] ?? 'a report'}`,
  );
  return ['### Reports', '', where, '', ...lines].join('\n');
}

/** A file the reports name in the runner's state folder but that did not go out with the result. */
const NOT_KEPT = "in the runner's state folder, not kept after the job";

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each path in the state folder `stateDir` (as the reports print it) in `text`, as `file (where)`: the
 * file by its name in the folder, and where its reader finds it. A sentence's full stop after a path is
 * not part of it.
 */
function nameStateFiles(text: string, stateDir: string, where: (file: string) => string): string {
  const part = '(?:[\\w-]|\\.(?=[\\w-]))+';
  const path = new RegExp(`(?<![\\w./-])${escapeRegExp(stateDir)}/(${part}(?:/${part})*)`, 'g');
  return text.replace(path, (_, file: string) => `${file} (${where(file)})`);
}

/**
 * The reports name their files in the runner's state folder, which nobody can open once the job is
 * over: a name that went out with the result is pointed at its copy in the artifact instead, or, when
 * nothing was uploaded, at the job summary, which folds it (renderFoldedReports); any other file there
 * is said to be gone with the runner.
 */
export function pointAtShippedReports(text: string, files: ReportFiles): string {
  if (files.stateDir === null) return text;
  const where =
    files.where === 'artifact'
      ? 'in the closed-loop-result artifact'
      : "folded in this run's job summary; it was not uploaded";
  return nameStateFiles(text, files.stateDir, (file) => (files.names.includes(file) ? where : NOT_KEPT));
}

/**
 * A report's own copy in the `closed-loop-result` artifact: the reports it names are its neighbours there
 * (`context-pr-7.md (in this artifact)`), not files in the runner's state folder `stateDir`.
 */
export function pointAtArtifactCopies(text: string, names: readonly string[], stateDir: string): string {
  return nameStateFiles(text, stateDir, (file) => (names.includes(file) ? 'in this artifact' : NOT_KEPT));
}

/**
 * The result as a person reads it after the job: its reason and reports point at where the report
 * files went (pointAtShippedReports), not at the runner's state folder. For the pull request's comments,
 * the step's failure message and the summary alike.
 */
export function pointResultAtShippedReports(result: LoopResult, files: ReportFiles): LoopResult {
  const point = (text: string | null): string | null =>
    text === null ? null : pointAtShippedReports(text, files);
  return {
    ...result,
    reason: point(result.reason),
    reports: { dead_letter: point(result.reports.dead_letter), escalation: point(result.reports.escalation) },
  };
}

/** The reports the summary folds because they were not uploaded (ReportFiles.folded). */
export function renderFoldedReports(files: ReportFiles): string | null {
  const folded = files.where === 'runner' ? (files.folded ?? []) : [];
  if (folded.length === 0) return null;
  return folded
    .map(
      (f) =>
        `<details>\n<summary>${inlineCode(f.name)}: ${WHAT.find(([re]) => re.test(f.name))?.[1] ?? 'a report'}</summary>\n\n${f.text.trim()}\n\n</details>`,
    )
    .join('\n\n');
}
