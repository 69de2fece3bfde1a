import * as core from '@actions/core';
import { annotationsFor, type Annotation } from '../core/pull-request/annotations-for.js';
import { renderJobSummary } from '../core/pull-request/render-job-summary.js';
import { pointAtShippedReports, type ReportFiles } from '../core/pull-request/report-files.js';
import type { LoopResult } from '../core/loop-result.js';
import type { BlobBase } from '../core/report/failure-lead.js';
import type { RunPlan } from '../runner/loop-driver/plan-run.js';
import type { DryRunWrites } from './dry-run-writes.js';
import { renderPlanSummary } from './render-stop-summary.js';
import { workspacePath } from './workspace-path.js';
import { readReport } from './collect-reports.js';
import { displayPath } from '../runner/state-dir.js';
import { maskOutput } from '../runner/secrets/known-secrets.js';
import type { ResultFiles } from './write-result-files.js';

export interface PublishContext {
  repoRoot: string;
  workspace: string;
  /** Where result.json and fix.patch go: `$RUNNER_TEMP/closed-loop`. */
  outDir: string;
  secrets: string[];
  runUrl?: string;
  /** Where the summary links `file:line` (the pull request's head); plain `file:line` when null. */
  blobBase?: BlobBase | null;
  /** false off a pull request (a push, a schedule): the summary speaks of this commit. True by default. */
  onPullRequest?: boolean;
}

export interface PublishExtras {
  /** result.json and fix.patch, already written (writeResultFiles). */
  files: ResultFiles;
  /** The fix commit pushed to the PR's branch, when one was. */
  pushed: { sha: string } | null;
  /** Lines for the summary: what was pushed or why not, what could not be written to the PR. */
  notes: string[];
  /** The run's reports: their names, where they went (shippedReports). */
  reports: ReportFiles;
  /** The review proposing the unpushed fix as suggested changes, when one was posted (or found). */
  suggestionsUrl?: string | null;
}

/** Outputs, the job summary (with the patch when nothing was pushed), and annotations at file:line. */
export async function publishResult(
  result: LoopResult,
  ctx: PublishContext,
  extras: PublishExtras,
): Promise<void> {
  const { files, pushed, notes } = extras;
  setOutputs({
    status: result.status,
    attempts: String(result.attempts),
    pattern: result.pattern ?? '',
    category: result.category ?? '',
    signature: result.signature ?? '',
    result: files.result,
    'fix-commit': result.fix_commits.at(-1)?.sha ?? '',
  });
  const { reports } = extras;
  const summary = renderJobSummary(result, {
    secrets: ctx.secrets,
    runUrl: ctx.runUrl,
    patch: files.patchText,
    pushed,
    notes,
    reports,
    blobBase: ctx.blobBase ?? null,
    suggestionsUrl: extras.suggestionsUrl ?? null,
    onPullRequest: ctx.onPullRequest ?? true,
  });
  await core.summary.addRaw(summary).write();
  for (const a of annotationsFor(result, ctx.secrets)) annotate(a, ctx);
}

/**
 * Where the run's report files went — the `closed-loop-result` artifact when it was uploaded, else
 * nowhere a person can open after the job: then the gathered context (what a no-agent escalation
 * points at) is folded into the job summary, read as the artifact's copy was (masked, capped), but naming
 * files where the summary's reader finds them (its artifact copy names its neighbours in the artifact).
 */
export async function shippedReports(
  files: ResultFiles,
  opts: { repoRoot: string; stateDir: string | null; uploaded: boolean },
): Promise<ReportFiles> {
  const names = files.reports.map((r) => r.name);
  const base = {
    names,
    stateDir: opts.stateDir ? displayPath(opts.repoRoot, opts.stateDir) : null,
    where: opts.uploaded ? ('artifact' as const) : ('runner' as const),
  };
  if (opts.uploaded) return base;
  const context = files.reports.filter((r) => r.name.startsWith('context-'));
  const folded = await Promise.all(
    context.map(async ({ name, source }) => ({
      name,
      text: (await readReport(source, name, (t) => pointAtShippedReports(t, base))).text,
    })),
  );
  return { ...base, folded };
}

/**
 * A dry run's outputs and summary: the checks once, what the loop would do, the writes to the PR it would
 * make.
 */
export async function publishPlan(
  plan: RunPlan,
  secrets: string[],
  writes: DryRunWrites | null = null,
): Promise<void> {
  const d = plan.diagnosis;
  setOutputs({
    status: 'dry-run',
    attempts: '0',
    pattern: d?.pattern ?? '',
    category: d?.category ?? '',
    signature: d?.signature ?? '',
    result: '',
    'fix-commit': '',
  });
  await core.summary.addRaw(renderPlanSummary(plan, secrets, writes)).write();
}

export function annotate(a: Annotation, ctx: Pick<PublishContext, 'repoRoot' | 'workspace'>): void {
  const props: core.AnnotationProperties = {
    title: a.title,
    ...(a.file === undefined ? {} : { file: workspacePath(a.file, ctx.repoRoot, ctx.workspace) }),
    ...(a.startLine === undefined ? {} : { startLine: a.startLine }),
    ...(a.startColumn === undefined ? {} : { startColumn: a.startColumn }),
  };
  if (a.level === 'error') core.error(a.message, props);
  else if (a.level === 'warning') core.warning(a.message, props);
  else core.notice(a.message, props);
}

function setOutputs(outputs: Record<string, string>): void {
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, maskOutput(value));
}
