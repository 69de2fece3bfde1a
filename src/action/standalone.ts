import * as core from '@actions/core';
import { decideApplyMode } from '../core/apply/decide-apply-mode.js';
import type { Config } from '../core/config/schema.js';
import type { Guidance } from '../core/pull-request/guidance.js';
import type { LoopMemory } from '../core/pull-request/loop-memory.js';
import { mergeMemory } from '../core/pull-request/merge-memory.js';
import type { LoopResult } from '../core/loop-result.js';
import { maskSecrets } from '../core/report/mask-secrets.js';
import { applyPlan, type GitHub, type PlanTarget } from '../github/apply-plan.js';
import { createGitHubClient, type GitHubClientOptions } from '../github/create-github-client.js';
import { GitHubWriteError } from '../github/github-write-error.js';
import type { PushMode } from './inputs.js';
import { loopLimits } from '../core/pull-request/loop-limits.js';
import { prPlan } from './pr-plan.js';
import { forkRefusal } from './fork-refusal.js';
import { ACTIONS_BOT, readPrMemory } from './pr-memory.js';
import { pushRemote, pushWithToken } from './push-with-token.js';
import type { PullRequestEvent } from './read-event.js';

/** Standalone mode: the Action writes its result to the pull request itself (no App installed). */
export interface Standalone {
  octokit: GitHub;
  target: PlanTarget;
  pr: PullRequestEvent;
  /** The PR's memory from its loop comment; null on the first run or when it could not be read. */
  memory: LoopMemory | null;
  /** A person's `/close-loop fix` guidance for this head (the App's loop comment); null when none. */
  guidance: Guidance | null;
  /** Set once GitHub refused a write on a fork's pull request (forkRefusal): said once, not per write. */
  forkRefused?: boolean;
}

/** Overrides for the GitHub client (tests turn retry and throttling off). */
export type ClientOverrides = Partial<Omit<GitHubClientOptions, 'token'>>;

/**
 * Opens standalone mode: a client for GITHUB_API_URL (github.com's API by default; GHES sets it), and
 * the PR's memory read from its sticky loop comment. Reading never fails the step.
 */
export async function startStandalone(
  pr: PullRequestEvent,
  token: string,
  env: NodeJS.ProcessEnv,
  overrides: ClientOverrides = {},
): Promise<Standalone> {
  const octokit = createGitHubClient({
    token,
    log: (line) => core.info(line),
    ...(env.GITHUB_API_URL ? { baseUrl: env.GITHUB_API_URL } : {}),
    ...overrides,
  });
  const target = { owner: pr.owner, repo: pr.repo, issue_number: pr.number };
  const { memory, why, guidance } = await readPrMemory(octokit, target, ACTIONS_BOT, pr.headSha);
  core.info(`closed-loop memory: ${why}`);
  return { octokit, target, pr, memory, guidance };
}

/**
 * App mode (no `token`): the pull request read with `read-token`, for one thing only — a person's
 * `/close-loop fix` guidance for this head, which the App keeps in its loop comment. Never fails the step.
 */
export async function readGuidance(
  pr: PullRequestEvent,
  token: string,
  env: NodeJS.ProcessEnv,
  overrides: ClientOverrides = {},
): Promise<Guidance | null> {
  const octokit = createGitHubClient({
    token,
    log: (line) => core.info(line),
    ...(env.GITHUB_API_URL ? { baseUrl: env.GITHUB_API_URL } : {}),
    ...overrides,
  });
  const target = { owner: pr.owner, repo: pr.repo, issue_number: pr.number };
  const read = await readPrMemory(octokit, target, ACTIONS_BOT, pr.headSha);
  if (read.guidance === null && read.why.startsWith('could not'))
    core.info(`closed-loop guidance: ${read.why}`);
  return read.guidance;
}

export interface PushOutcome {
  pushed: { sha: string } | null;
  /** For the summary: what was pushed, or why not. */
  note: string | null;
  /**
   * Why fix commits were not pushed, as a clause ("push mode is \"never\""): the fix is then proposed as
   * suggested changes. Absent when they were pushed, when there were none, on an interrupted run, and when
   * the branch moved meanwhile.
   */
  why?: string;
}

/**
 * Pushes the run's fix commits to the PR's branch when push is auto and pushFix's policy allows it
 * (never a fork, never .github/, exact head, never forced, the loop guard). A refusal or a failed push
 * is a note for the summary (a failed push also a warning), never a crash. The job log says what
 * happened in one line too: pushed where, or not pushed and why (a failed push: its warning).
 */
export async function pushStep(
  s: Standalone,
  result: LoopResult,
  opts: Parameters<typeof pushOrRefuse>[2],
): Promise<PushOutcome> {
  const { warned, ...outcome } = await pushOrRefuse(s, result, opts);
  if (outcome.note !== null && warned !== true) core.info(`closed-loop: ${outcome.note}`);
  return outcome;
}

async function pushOrRefuse(
  s: Standalone,
  result: LoopResult,
  opts: {
    cwd: string;
    mode: PushMode;
    token: string;
    env: NodeJS.ProcessEnv;
    secrets: readonly string[];
    guard: Config['loop_guard'];
    apply: Config['apply'];
  },
): Promise<PushOutcome & { warned?: boolean }> {
  const fixCommits = result.fix_commits.map((c) => c.sha);
  if (fixCommits.length === 0) return { pushed: null, note: null };
  if (result.status === 'interrupted') return { pushed: null, note: 'Not pushed: the run was interrupted.' };
  // The config's apply mode holds for the Action's own pushes too (a fork is pushWithToken's to refuse;
  // the pull request's `/close-loop apply on|off` is the App's signed state, which only the App can trust).
  const apply = decideApplyMode(opts.apply, {
    files: result.files_modified,
    patterns: result.fix_commits.map((c) => c.pattern),
    prSwitch: null,
    isFork: false,
  });
  if (apply.mode === 'suggest') {
    return {
      pushed: null,
      note: `Not pushed: the fix is to be proposed, not committed, because ${apply.why}.`,
      why: apply.why,
    };
  }
  const start = result.head.start;
  if (opts.mode === 'auto' && !s.pr.isFork && start !== s.pr.headSha) {
    return {
      pushed: null,
      note:
        `Not pushed: the loop evaluated ${start?.slice(0, 7) ?? 'an unknown commit'}, not the pull request's head ${s.pr.headSha.slice(0, 7)}. ` +
        'actions/checkout checks out a merge commit by default; check out `ref: ${{ github.event.pull_request.head.sha }}` so a fix can be pushed.',
      why: "the loop checked out a merge commit, not the pull request's head",
    };
  }
  const serverUrl = opts.env.GITHUB_SERVER_URL || 'https://github.com';
  try {
    const outcome = await pushWithToken(
      opts.cwd,
      {
        remote: pushRemote(opts.env),
        branch: s.pr.headRef,
        evaluatedSha: s.pr.headSha,
        mode: opts.mode,
        isFork: s.pr.isFork,
        fixCommits,
        maxLoopCommits: opts.guard.max_commits_in_a_row,
        maxFixCommits: opts.guard.max_fix_commits,
        fixCommitsBefore: s.memory?.bot_pushes ?? 0,
      },
      opts.token,
      serverUrl,
    );
    if (!outcome.pushed)
      return { pushed: null, note: capitalize(outcome.reason), ...whyNotPushed(outcome.reason) };
    const n = fixCommits.length;
    return {
      pushed: { sha: outcome.sha },
      note: `Pushed ${n} fix commit${n === 1 ? '' : 's'} to \`${s.pr.headRef}\` (now at ${outcome.sha.slice(0, 7)}).`,
    };
  } catch (error) {
    const message = maskSecrets(error instanceof Error ? error.message : String(error), opts.secrets);
    core.warning(message, { title: 'closed-loop could not push its fix' });
    return {
      pushed: null,
      note: `Not pushed: ${message}`,
      why: 'the push to the branch failed',
      warned: true,
    };
  }
}

/**
 * Writes the run to the PR: its memory merged with this run into the sticky loop comment, the verdict's
 * label, and the escalation or dead-letter report once per head. A GitHub refusal (a missing
 * permission, say) is a warning annotation and a note for the summary, never a crash.
 */
export async function writeToPr(
  s: Standalone,
  result: LoopResult,
  pushed: { sha: string } | null,
  opts: { secrets: readonly string[]; runUrl?: string; runId?: number; config?: Config; serverUrl?: string },
): Promise<string | null> {
  const memory = mergeMemory(s.memory, result, s.pr.headSha, pushed);
  const plan = prPlan({
    memory,
    result,
    headSha: s.pr.headSha,
    pushedSha: pushed?.sha ?? null,
    labels: s.pr.labels,
    secrets: opts.secrets,
    ...(opts.runUrl ? { runUrl: opts.runUrl } : {}),
    ...(opts.runId ? { runId: opts.runId } : {}),
    ...(opts.config ? { limits: loopLimits(opts.config) } : {}),
    blobBase: {
      serverUrl: opts.serverUrl || 'https://github.com',
      repository: `${s.pr.owner}/${s.pr.repo}`,
      sha: pushed?.sha ?? s.pr.headSha,
    },
  });
  try {
    await applyPlan(s.octokit, s.target, plan, {
      // A write that failed is said below, once, in the Action's words (a fork's refusal as the fork's).
      log: (line) => {
        if (!APPLY_FAILED.test(line)) core.info(line);
      },
      commentAuthor: ACTIONS_BOT,
    });
    return null;
  } catch (error) {
    if (!(error instanceof GitHubWriteError)) throw error;
    const masked = maskSecrets(error.message, opts.secrets);
    const fork = forkRefusal(s, error, masked);
    const message = fork?.message ?? masked;
    if (fork?.warn === false) {
      core.info(
        `closed-loop could not write to the pull request either (the fork's token, as above): ${message}`,
      );
      return `Not written to the pull request: GitHub refused it too (403), for the same reason: the fork's token cannot write.`;
    }
    core.warning(message, { title: 'closed-loop could not write to the pull request' });
    return `Not written to the pull request: ${message}`;
  }
}

/** The applier's line for a write that failed (`octo/shop#7: upsert_comment failed: …`). */
const APPLY_FAILED = /^\S+#\d+: \w+ failed: /;

/**
 * The policy's refusal as a clause for the suggestion review ("push mode is \"never\""); none when the branch
 * moved or is gone: a newer head is coming, and suggestions on the old one would be stale at once.
 */
function whyNotPushed(reason: string): { why?: string } {
  const clause = reason.replace(/^not pushed: /i, '').split(';')[0] ?? '';
  return /^the branch (moved|no longer exists)/.test(clause) || clause === '' ? {} : { why: clause };
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
