import * as core from '@actions/core';
import { annotationsFor, type Annotation } from '../core/github/annotations-for.js';
import { renderJobSummary } from '../core/github/render-job-summary.js';
import type { LoopResult } from '../core/loop-result.js';
import type { RunPlan } from '../runner/loop/plan-run.js';
import { renderPlanSummary } from './render-stop-summary.js';
import { workspacePath } from './workspace-path.js';
import { writeResultFiles } from './write-result-files.js';

export interface PublishContext {
  repoRoot: string;
  workspace: string;
  /** Where result.json and fix.patch go: `$RUNNER_TEMP/closed-loop`. */
  outDir: string;
  secrets: string[];
  runUrl?: string;
}

/** Outputs, result.json and fix.patch, the job summary, and annotations at file:line. */
export async function publishResult(result: LoopResult, ctx: PublishContext): Promise<void> {
  const files = await writeResultFiles(result, ctx.repoRoot, ctx.outDir);
  setOutputs({
    status: result.status, attempts: String(result.attempts), pattern: result.pattern ?? '', category: result.category ?? '',
    signature: result.signature ?? '', result: files.result, 'fix-commit': result.fix_commits.at(-1)?.sha ?? '',
  });
  const notes = files.patch ? ['The fix commits were made in the runner\'s checkout only; nothing was pushed. `fix.patch` holds them.'] : [];
  const summary = renderJobSummary(result, { secrets: ctx.secrets, runUrl: ctx.runUrl, patch: files.patchText, pushed: null, notes });
  await core.summary.addRaw(summary).write();
  for (const a of annotationsFor(result, ctx.secrets)) annotate(a, ctx);
}

/** A dry run's outputs and summary: the checks once, and what the loop would do. */
export async function publishPlan(plan: RunPlan, secrets: string[]): Promise<void> {
  const d = plan.diagnosis;
  setOutputs({ status: 'dry-run', attempts: '0', pattern: d?.pattern ?? '', category: d?.category ?? '', signature: d?.signature ?? '', result: '', 'fix-commit': '' });
  await core.summary.addRaw(renderPlanSummary(plan, secrets)).write();
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
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);
}
