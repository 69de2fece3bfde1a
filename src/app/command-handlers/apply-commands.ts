import type { ParsedCommand } from '../../core/pr-commands/parse-commands.js';
import type { LoopMemory } from '../../core/pull-request/loop-memory.js';
import { mergeMemory } from '../../core/pull-request/merge-memory.js';
import { fixFateEvent } from '../../core/outcomes/outcome-events-for.js';
import type { Plan } from '../../core/plan/plan-schema.js';
import { downloadLoopResult } from '../../github/download-loop-result.js';
import { revertLoopCommit } from '../../github/revert-loop-commit.js';
import type { AppEnv } from '../app-env.js';
import type { AppState } from '../app-state.js';
import { commitFix } from '../commit-fix.js';
import type { PrSnapshot } from '../gather-pr.js';
import { where } from '../pull-request-facts.js';

export interface ApplyOutcome {
  state: AppState;
  text: string;
  memory?: LoopMemory;
  extra?: Plan;
}

const short = (sha: string): string => sha.slice(0, 7);

/**
 * `/close-loop apply on|off` (the PR's switch), `/close-loop apply` (commit the proposed fix onto the
 * head it was verified against) and `/close-loop undo` (revert the loop's last fix commit). The
 * sender's permission is checked before (the config's `commands.apply` / `commands.undo`).
 */
export async function runApplyCommand(
  env: AppEnv,
  snapshot: PrSnapshot,
  state: AppState,
  command: ParsedCommand,
  sender: string,
): Promise<ApplyOutcome> {
  if (command.name === 'undo') return undo(env, snapshot, state, sender);
  const [arg] = command.args;
  if (arg === 'on' || arg === 'off') {
    const on = arg === 'on';
    const next = { ...state, apply: { on, by: sender, at: new Date().toISOString() } };
    const fork =
      snapshot.pr.isFork && on
        ? ' This pull request is on a fork, though: the App never pushes there, so its fixes stay suggestions.'
        : '';
    return {
      state: next,
      text: `Recorded: this pull request's next verified fixes are ${on ? 'committed by the App' : 'proposed as suggested changes (a review), not committed'}.${fork}`,
    };
  }
  return applyProposal(env, snapshot, state, sender);
}

async function applyProposal(
  env: AppEnv,
  snapshot: PrSnapshot,
  state: AppState,
  sender: string,
): Promise<ApplyOutcome> {
  const { pr } = snapshot;
  const refuse = (why: string): ApplyOutcome => ({ state, text: `Not applied: ${why}.` });
  if (pr.isFork)
    return refuse(
      'the branch is on a fork, where the App never pushes; commit the suggestions in the review instead',
    );
  const proposal = state.proposal;
  if (proposal === null)
    return refuse(
      'no fix is proposed on this pull request (a fix is proposed when the apply mode is suggest)',
    );
  if (proposal.applied_sha !== null)
    return refuse(
      `the proposed fix from run ${proposal.run_id} was already committed as ${short(proposal.applied_sha)}`,
    );
  if (proposal.head_sha !== pr.headSha) {
    return refuse(
      `the branch moved to ${short(pr.headSha)} since the fix was verified against ${short(proposal.head_sha)}; the next CI run makes a fix for the new head`,
    );
  }
  const downloaded = await downloadLoopResult(env.octokit, {
    owner: pr.owner,
    repo: pr.repo,
    runId: proposal.run_id,
  });
  if (downloaded.kind !== 'found')
    return refuse(`run ${proposal.run_id}'s closed-loop-result artifact cannot be used: ${downloaded.why}`);
  if (downloaded.patch === null)
    return refuse(`run ${proposal.run_id}'s closed-loop-result artifact holds no fix.patch`);
  if (downloaded.result.head.start !== null && downloaded.result.head.start !== proposal.head_sha)
    return refuse(`run ${proposal.run_id} evaluated another head than ${short(proposal.head_sha)}`);
  const run = {
    id: proposal.run_id,
    headSha: proposal.head_sha,
    headBranch: pr.headRef,
    headRepo: null,
    pullNumbers: [pr.number],
    url: proposal.run_url,
  };
  const fix = await commitFix(env, snapshot, downloaded.result, downloaded.patch, run, sender);
  if (fix.sha === null)
    return { ...refuse(fix.why ?? 'the fix could not be committed'), extra: [fix.notice] };
  env.log.info(`${where(pr)}: @${sender} applied the fix from run ${run.id} as ${short(fix.sha)}`);
  return {
    state: { ...state, proposal: { ...proposal, applied_sha: fix.sha } },
    memory: mergeMemory(snapshot.memory, downloaded.result, proposal.head_sha, { sha: fix.sha }),
    extra: [fix.notice],
    text: `Committed the proposed fix from [run ${run.id}](${encodeURI(run.url)}) as ${short(fix.sha)} onto ${short(proposal.head_sha)}; CI runs again on it. \`/close-loop undo\` reverts it.`,
  };
}

async function undo(
  env: AppEnv,
  snapshot: PrSnapshot,
  state: AppState,
  sender: string,
): Promise<ApplyOutcome> {
  const { pr } = snapshot;
  if (pr.isFork) return { state, text: 'Not reverted: the branch is on a fork, where the App never pushes.' };
  const outcome = await revertLoopCommit(
    env.octokit,
    { owner: pr.owner, repo: pr.repo, branch: pr.headRef },
    (subject, sha) =>
      `Revert "${subject}"\n\nThis reverts commit ${sha}, the loop's fix, at @${sender}'s request (/close-loop undo).`,
  );
  if (outcome.kind === 'refused') return { state, text: `Not reverted: ${outcome.why}.` };
  env.log.info(
    `${where(pr)}: @${sender} reverted the loop's commit ${short(outcome.reverted)} with ${short(outcome.sha)}`,
  );
  await env.outcomes.record([
    fixFateEvent(
      { installation: env.installation, repo: `${pr.owner}/${pr.repo}`, pr: pr.number },
      { outcome: 'undone', sha: outcome.reverted, by: outcome.sha, at: new Date().toISOString() },
    ),
  ]);
  const at = new Date().toISOString();
  // Without the switch the next red run would commit the same fix again; the undone fix is kept (signed) so
  // that the handoff does not credit it.
  const next = {
    ...state,
    apply: { on: false, by: sender, at },
    undone: [...state.undone, { sha: outcome.reverted, revert: outcome.sha, by: sender, at }].slice(-100),
  };
  return {
    state: next,
    text: `Reverted the loop's fix commit ${short(outcome.reverted)} with a new commit ${short(outcome.sha)} (no force push). This pull request is now \`apply off\`: the loop proposes its next fixes as suggested changes; \`/close-loop apply on\` lets it commit again.`,
  };
}
