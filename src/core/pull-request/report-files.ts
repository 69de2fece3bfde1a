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

/**
 * The reports name their files in the runner's state folder, which nobody can open once the job is
 * over: a name that went out with the result is pointed at its copy in the artifact instead.
 */
export function pointAtShippedReports(text: string, files: ReportFiles): string {
  if (files.stateDir === null || files.where !== 'artifact') return text;
  let out = text;
  for (const name of files.names)
    out = out.split(`${files.stateDir}/${name}`).join(`${name} (in the closed-loop-result artifact)`);
  return out;
}
