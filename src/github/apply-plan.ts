import { z } from 'zod';
import { PlanSchema, type Plan, type PlanWrite } from '../core/plan/plan-schema.js';
import { addLabels, ensureLabels, removeLabels } from './apply-labels.js';
import { describeWrite } from './describe-write.js';
import { formatRequest, type AppliedWrite, type GitHub, type PlanTarget } from './github-request.js';
import { GitHubWriteError } from './github-write-error.js';
import { upsertCheckRun } from './upsert-check-run.js';
import { upsertComment } from './upsert-comment.js';

export type { AppliedWrite, GitHub, PlanTarget } from './github-request.js';

export interface ApplyPlanOptions {
  /** Send nothing: log and return the requests the plan would send. */
  dryRun?: boolean;
  log: (line: string) => void;
  /**
   * The login closed-loop writes as (`github-actions[bot]`, `<app-slug>[bot]`). When given, only
   * its comments count as the marker's comment, so a planted marker cannot take the comment over.
   */
  commentAuthor?: string;
}

/** A failed plan: the error says what to do; `applied` holds the writes done before it. */
export class PlanApplyError extends GitHubWriteError {
  constructor(
    cause: GitHubWriteError,
    readonly write: PlanWrite,
    readonly applied: AppliedWrite[],
  ) {
    super(cause.message, cause.code, cause.status, cause.request, { cause });
  }
}

function applyWrite(
  octokit: GitHub,
  target: PlanTarget,
  write: PlanWrite,
  options: ApplyPlanOptions,
): Promise<AppliedWrite> {
  switch (write.kind) {
    case 'upsert_comment':
      return upsertComment(octokit, target, write, options.commentAuthor);
    case 'add_labels':
      return addLabels(octokit, target, write);
    case 'remove_labels':
      return removeLabels(octokit, target, write);
    case 'ensure_labels':
      return ensureLabels(octokit, target, write);
    case 'check_run':
      return upsertCheckRun(octokit, target, write);
  }
}

/**
 * Applies a plan's writes in order, each idempotently: applying the same plan twice changes nothing
 * the second time. Stops at the first failure with a PlanApplyError (a GitHubWriteError); a 404 on
 * a deleted PR or a missing permission would fail every later write the same way.
 */
export async function applyPlan(
  octokit: GitHub,
  target: PlanTarget,
  plan: Plan,
  options: ApplyPlanOptions,
): Promise<AppliedWrite[]> {
  const parsed = PlanSchema.safeParse(plan);
  if (!parsed.success) {
    throw new GitHubWriteError(
      `invalid plan (a closed-loop bug, please report it): ${z.prettifyError(parsed.error).replace(/\n/g, '; ')}`,
      'invalid_plan',
    );
  }
  const where = `${target.owner}/${target.repo}#${target.issue_number}`;
  const applied: AppliedWrite[] = [];
  for (const write of parsed.data) {
    if (options.dryRun) {
      const described = describeWrite(octokit, target, write);
      for (const request of described.requests) options.log(`dry run: ${formatRequest(request)}`);
      applied.push(described);
      continue;
    }
    try {
      const result = await applyWrite(octokit, target, write, options);
      options.log(`${where}: ${write.kind}: ${result.detail}`);
      applied.push(result);
    } catch (error) {
      // Every GitHub failure arrives as a GitHubWriteError; anything else is our bug, left as it is.
      if (!(error instanceof GitHubWriteError)) throw error;
      options.log(`${where}: ${write.kind} failed: ${error.message}`);
      throw new PlanApplyError(error, write, applied);
    }
  }
  return applied;
}
