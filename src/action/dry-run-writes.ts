import * as core from '@actions/core';
import type { Config } from '../core/config/schema.js';
import { loopLimits } from '../core/pull-request/loop-limits.js';
import { mergeMemory } from '../core/pull-request/merge-memory.js';
import type { LoopResult } from '../core/loop-result.js';
import { applyPlan } from '../github/apply-plan.js';
import type { RunPlan } from '../runner/loop-driver/plan-run.js';
import { prPlan } from './pr-plan.js';
import { ACTIONS_BOT } from './pr-memory.js';
import type { Standalone } from './standalone.js';

/** What a dry run says about the pull request: the writes it would send, or why they are not known yet. */
export type DryRunWrites =
  { kind: 'writes'; status: LoopResult['status']; lines: string[] } | { kind: 'depends'; why: string };

/**
 * The verdict a dry run's one evaluation already settles: success when every check passes, the
 * escalation or dead letter the loop would go to at once; null when a fix comes next (its outcome
 * decides the verdict, and a dry run applies no fix).
 */
function settledVerdict(plan: RunPlan): LoopResult['status'] | null {
  if (plan.failing === null) return 'success';
  if (plan.next.kind === 'escalate') return 'escalated';
  if (plan.next.kind === 'dead_letter') return 'failed';
  return null;
}

/**
 * The writes to the pull request a run would make for the verdict the dry run settles, built by
 * applyPlan's dry run (`dry run: METHOD URL body` lines, logged) and never sent. The memory read from
 * the loop comment is merged as a real run would; no attempt is added (a dry run records none).
 */
export async function dryRunWrites(
  s: Standalone,
  plan: RunPlan,
  opts: { taskId: string; secrets: readonly string[]; runUrl?: string; config?: Config },
): Promise<DryRunWrites> {
  const status = settledVerdict(plan);
  if (status === null) {
    return {
      kind: 'depends',
      why:
        `the verdict depends on how ${plan.next.strategy ?? 'the fix'} goes: a run updates the loop comment, and on an escalation or a dead letter ` +
        'adds loop:blocked or loop:dead-letter and posts the report.',
    };
  }
  const at = new Date().toISOString();
  const d = plan.diagnosis;
  const result: LoopResult = {
    version: 1,
    task_id: opts.taskId,
    status,
    reason: status === 'success' ? null : plan.next.reason,
    attempts: 0,
    pattern: d?.pattern ?? null,
    category: d?.category ?? null,
    signature: d?.signature ?? null,
    strategies: [],
    checks: plan.checks.map((c) => ({
      name: c.name,
      passed: c.passed,
      timed_out: false,
      duration_ms: c.duration_ms,
    })),
    diagnosis: d,
    fix_commits: [],
    head: { start: s.pr.headSha, end: s.pr.headSha },
    files_modified: [],
    reports: { dead_letter: null, escalation: null },
    history: [],
    started_at: at,
    finished_at: at,
    duration_ms: 0,
  };
  const memory = mergeMemory(s.memory, result, s.pr.headSha, null);
  const writes = prPlan({
    memory,
    result,
    headSha: s.pr.headSha,
    labels: s.pr.labels,
    secrets: opts.secrets,
    ...(opts.runUrl ? { runUrl: opts.runUrl } : {}),
    ...(opts.config ? { limits: loopLimits(opts.config) } : {}),
  });
  const lines: string[] = [];
  await applyPlan(s.octokit, s.target, writes, {
    dryRun: true,
    commentAuthor: ACTIONS_BOT,
    log: (line) => {
      lines.push(line);
      core.info(line);
    },
  });
  return { kind: 'writes', status, lines };
}
