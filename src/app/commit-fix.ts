import type { LoopResult } from '../core/loop-result.js';
import { commentWrite } from '../core/plan/comment-marker.js';
import type { UpsertComment } from '../core/plan/plan-schema.js';
import { describeFixes, fixCommitMessage } from '../core/validate/fix-commit-message.js';
import { perPullRequestCap } from '../core/validate/push-policy.js';
import { validatePatch } from '../core/validate/validate-patch.js';
import { weakenedInPatch } from '../core/validate/weakened-in-patch.js';
import { commitPatch, DEFAULT_COMMIT_LIMITS } from '../github/commit-patch.js';
import { countLoopCommits, loopCommitsRead } from '../github/count-loop-commits.js';
import { prefetchPatchBase } from '../github/prefetch-patch-base.js';
import { GitHubWriteError } from '../github/github-write-error.js';
import type { Demotion } from '../core/outcomes/decide-demotion.js';
import { decideApplyMode } from '../core/apply/decide-apply-mode.js';
import { fixEvents } from '../core/outcomes/outcome-events-for.js';
import type { AppEnv } from './app-env.js';
import { proposeFix, type FixOutcome } from './propose-fix.js';
import type { RunFacts } from './find-run-pull-request.js';
import type { PrSnapshot } from './gather-pr.js';
import { where } from './pull-request-facts.js';

/**
 * Lands the run's verified fix.patch on the PR, when the rules allow: not an interrupted run, the
 * weakened_checks gate (no fix that hides a failure, proposed or committed). Then the apply mode
 * (decideApplyMode: a fork, the PR's `/close-loop apply on|off`, the config's `apply`) decides: proposed
 * as one review of suggested changes, or committed onto the PR branch with the installation token under
 * the loop guard (config loop_guard: loop commits in a row at the branch's tip, fix commits on the PR)
 * and commitPatch's own checks (applies to the evaluated head exactly, nothing under .github/, caps).
 * Before the apply mode, the outer loop: a strategy demoted for its pattern in this repository (its loops
 * keep failing, see decideDemotion) has its fix proposed, with the reason. What became of the fix is
 * recorded.
 * `requestedBy`: a person's `/close-loop apply`, which commits whatever the mode (never on a fork).
 */
export async function commitFix(
  env: AppEnv,
  snapshot: PrSnapshot,
  result: LoopResult,
  patch: string,
  run: RunFacts,
  requestedBy?: string,
): Promise<FixOutcome> {
  const outcome = await guardedCommitFix(env, snapshot, result, patch, run, requestedBy);
  if (result.fix_commits.length > 0 && (outcome.sha !== null || outcome.proposal !== undefined)) {
    const { pr } = snapshot;
    await env.outcomes.record(
      fixEvents(
        { installation: env.installation, repo: `${pr.owner}/${pr.repo}`, pr: pr.number },
        { runId: run.id, sha: outcome.sha, fixes: result.fix_commits, at: new Date().toISOString() },
      ),
    );
  }
  return outcome;
}

async function guardedCommitFix(
  env: AppEnv,
  snapshot: PrSnapshot,
  result: LoopResult,
  patch: string,
  run: RunFacts,
  requestedBy?: string,
): Promise<FixOutcome> {
  try {
    return await tryCommitFix(env, snapshot, result, patch, run, requestedBy);
  } catch (error) {
    // GitHub refused a read or a write (a missing contents: write, a branch deleted meanwhile): the fix
    // is not committed, and the rest of the run's result still goes to the PR with the reason.
    if (!(error instanceof GitHubWriteError)) throw error;
    env.log.warn(`${where(snapshot.pr)}: fix from run ${run.id} not committed: ${error.message}`);
    return {
      sha: null,
      notice: fixNotice(snapshot, run, `GitHub refused it: ${error.message}`),
      why: `GitHub refused it: ${error.message}`,
    };
  }
}

/** The first of the commit's fixes whose strategy the outer loop demoted for its pattern, if any. */
async function firstDemotion(
  env: AppEnv,
  snapshot: PrSnapshot,
  fixes: LoopResult['fix_commits'],
): Promise<Demotion> {
  const { pr } = snapshot;
  for (const fix of fixes) {
    const demotion = await env.outcomes.demotion(
      `${pr.owner}/${pr.repo}`,
      { pattern: fix.pattern, strategy: fix.strategy },
      snapshot.config.outer_loop,
    );
    if (demotion.demoted) return demotion;
  }
  return { demoted: false, why: null };
}

function fixNotice(snapshot: PrSnapshot, run: RunFacts, why: string): UpsertComment {
  return commentWrite(
    'fix',
    `closed-loop did not commit the fix from [run ${run.id}](${encodeURI(run.url)}): ${why}. The patch is in the run's \`closed-loop-result\` artifact.`,
    snapshot.pr.headSha,
  );
}

async function tryCommitFix(
  env: AppEnv,
  snapshot: PrSnapshot,
  result: LoopResult,
  patch: string,
  run: RunFacts,
  requestedBy: string | undefined,
): Promise<FixOutcome> {
  const { pr } = snapshot;
  const notice = (text: string) => commentWrite('fix', text, pr.headSha);
  const refuse = (why: string): FixOutcome => {
    env.log.info(`${where(pr)}: fix from run ${run.id} not committed: ${why}`);
    return { sha: null, notice: fixNotice(snapshot, run, why), why };
  };
  if (result.status === 'interrupted') return refuse('the run was interrupted');
  const last = result.fix_commits.at(-1);
  if (last === undefined) return refuse('the result lists no fix commit for the patch');
  const weakened = weakenedPatch(patch, snapshot, result);
  if (weakened !== null) return refuse(weakened);
  if (requestedBy === undefined) {
    const demotion = await firstDemotion(env, snapshot, result.fix_commits);
    if (demotion.demoted && demotion.why !== null) {
      env.log.info(`${where(pr)}: fix from run ${run.id} proposed, not committed: ${demotion.why}`);
      return proposeFix(env, snapshot, {
        patch,
        run,
        fix: describeFixes(result.fix_commits),
        why: demotion.why,
      });
    }
    const decision = decideApplyMode(snapshot.config.apply, {
      files: patchFiles(patch),
      patterns: result.fix_commits.map((c) => c.pattern),
      isFork: pr.isFork,
      prSwitch:
        snapshot.state.apply === null ? null : { on: snapshot.state.apply.on, by: snapshot.state.apply.by },
    });
    if (decision.mode === 'suggest')
      return proposeFix(env, snapshot, {
        patch,
        run,
        fix: describeFixes(result.fix_commits),
        why: decision.why,
      });
  }
  if (pr.isFork) return refuse('the branch is on a fork, and the loop never pushes to a fork');
  const guard = snapshot.config.loop_guard;
  const perPr = perPullRequestCap(1, snapshot.memory?.bot_pushes ?? 0, guard.max_fix_commits);
  if (perPr !== null) return refuse(perPr);
  // One GraphQL query reads what the guard and the commit read next: the branch, the head, the files.
  await prefetchPatchBase(
    env.octokit,
    { owner: pr.owner, repo: pr.repo },
    { headSha: pr.headSha, patch, branch: pr.headRef, history: loopCommitsRead(guard.max_commits_in_a_row) },
  );
  const own = await countLoopCommits(
    env.octokit,
    { owner: pr.owner, repo: pr.repo, sha: pr.headSha },
    guard.max_commits_in_a_row,
  );
  if (own >= guard.max_commits_in_a_row) {
    return refuse(
      `the branch already ends in ${own} of the loop's own commits (at most ${guard.max_commits_in_a_row} in a row); a person must push first`,
    );
  }
  const message = fixCommitMessage({
    strategy: last.strategy,
    pattern: last.pattern,
    attempt: last.attempt,
    also: result.fix_commits.slice(0, -1),
    check: null,
    summary: `Verified in CI run ${run.url} (${result.status}); committed by closed-loop from its fix.patch${requestedBy === undefined ? '' : ` at @${requestedBy}'s request (/close-loop apply)`}.`,
  });
  const outcome = await commitPatch(env.octokit, {
    owner: pr.owner,
    repo: pr.repo,
    branch: pr.headRef,
    expectedHeadSha: pr.headSha,
    patch,
    message,
  });
  if (outcome.kind === 'refused') return refuse(outcome.why);
  // 'already': this fix was committed by an earlier delivery of the run; the notice says so again, unchanged.
  env.log.info(
    `${where(pr)}: ${outcome.kind === 'already' ? 'the branch already holds' : 'committed'} the fix from run ${run.id} as ${outcome.sha.slice(0, 7)}`,
  );
  const asked = requestedBy === undefined ? '' : ` at @${requestedBy}'s request`;
  return {
    sha: outcome.sha,
    notice: notice(
      `closed-loop committed the fix${asked} from [run ${run.id}](${encodeURI(run.url)}) as ${outcome.sha.slice(0, 7)} (${describeFixes(result.fix_commits)}); CI runs again on it.`,
    ),
  };
}

/**
 * The paths a patch touches (both sides of a rename); none when it cannot be read (commitPatch refuses it).
 */
function patchFiles(patch: string): string[] {
  const parsed = validatePatch(patch, {
    maxBytes: DEFAULT_COMMIT_LIMITS.maxPatchBytes,
    maxFiles: DEFAULT_COMMIT_LIMITS.maxFiles,
  });
  return parsed.ok
    ? [...new Set(parsed.changes.flatMap((c) => [c.oldPath, c.newPath]).filter((p) => p !== null))]
    : [];
}

/**
 * Why the patch may not be committed because it weakens a check, or null (an unreadable patch is
 * commitPatch's to refuse).
 */
function weakenedPatch(patch: string, snapshot: PrSnapshot, result: LoopResult): string | null {
  const parsed = validatePatch(patch, {
    maxBytes: DEFAULT_COMMIT_LIMITS.maxPatchBytes,
    maxFiles: DEFAULT_COMMIT_LIMITS.maxFiles,
  });
  if (!parsed.ok) return null;
  const violations = weakenedInPatch(parsed.changes, snapshot.config, result);
  if (violations.length === 0) return null;
  const list = violations.map((v) => `\n- \`${v.path}\`: ${v.message}`).join('');
  return `the fix makes a check pass by weakening it instead of fixing the cause (weakened_checks in the config):${list}\n\nFix the cause, or commit the change yourself if it is intended`;
}
