import { mergeMemory } from '../../core/pull-request/merge-memory.js';
import { serverUrlOf } from '../server-url-of.js';
import { failureLead } from '../../core/report/failure-lead.js';
import { keptFailureLead } from '../../core/report/failure-lead-schema.js';
import { loopResultEvents } from '../../core/outcomes/outcome-events-for.js';
import { downloadLoopResult } from '../../github/download-loop-result.js';
import type { AppEnv } from '../app-env.js';
import { commitFix } from '../commit-fix.js';
import { findRunPullRequest, type RunFacts } from '../find-run-pull-request.js';
import { gatherPr } from '../gather-pr.js';
import { publishConfigError } from '../publish-config-error.js';
import { publishPr } from '../publish-pr.js';
import { reportFor } from '../report-writes.js';
import { where } from '../pull-request-facts.js';
import { onRedRun } from './on-red-run.js';
import { refreshRunHead } from './refresh-run-head.js';

interface WorkflowRunPayload {
  workflow_run: {
    id: number;
    head_sha: string;
    head_branch: string | null;
    html_url: string;
    name?: string | null;
    conclusion?: string | null;
    run_attempt?: number;
    updated_at?: string;
    pull_requests?: { number: number }[];
    head_repository?: { full_name: string } | null;
  };
  repository: { name: string; owner: { login: string }; html_url?: string };
}

/**
 * workflow_run completed: read the run's `closed-loop-result` artifact (untrusted: validated, capped),
 * merge it into the PR's memory, commit a verified fix.patch to the PR branch through the Git Data API
 * (so CI runs again and the loop goes on) or propose it as suggested changes (the apply mode), and show the
 * result: sticky comment, labels, the blocked or
 * dead-letter report once per head SHA, the gate check. A result for a head the PR has moved past changes
 * nothing.
 * A run without the artifact (no Action in the workflow) goes to onRedRun: diagnosis, re-runs, flaky record.
 */
export async function onWorkflowRun(env: AppEnv, payload: WorkflowRunPayload): Promise<void> {
  const repo = { owner: payload.repository.owner.login, repo: payload.repository.name };
  const wr = payload.workflow_run;
  const run = runFactsOf(wr);
  const runName = `${repo.owner}/${repo.repo} run ${run.id}`;
  const downloaded = await downloadLoopResult(env.octokit, { ...repo, runId: run.id });
  if (downloaded.kind === 'none') {
    env.log.info(`${runName}: ${downloaded.why}`);
    return onRedRun(
      env,
      repo,
      {
        ...run,
        attempt: wr.run_attempt ?? 1,
        workflow: wr.name ?? 'workflow',
        conclusion: wr.conclusion ?? null,
        completedAt: wr.updated_at ?? new Date().toISOString(),
      },
      serverUrlOf(payload),
    );
  }
  if (downloaded.kind === 'rejected')
    return env.log.warn(`${runName}: closed-loop-result refused: ${downloaded.why}`);
  const pr = await findRunPullRequest(env.octokit, repo, run, serverUrlOf(payload));
  if (pr === null)
    return env.log.info(
      `${runName}: no open pull request has head ${run.headSha.slice(0, 7)}; nothing to do`,
    );
  if (pr.state !== 'open' || pr.merged)
    return env.log.info(`${where(pr)}: closed; the result of run ${run.id} changes nothing on it`);
  if (pr.headSha !== run.headSha) {
    return env.log.info(
      `${where(pr)}: result of run ${run.id} is for ${run.headSha.slice(0, 7)}, but the pull request is at ${pr.headSha.slice(0, 7)}; a newer run will report`,
    );
  }
  const { result, patch } = downloaded;
  if (result.head.start !== null && result.head.start !== run.headSha) {
    return env.log.warn(
      `${where(pr)}: run ${run.id} evaluated ${result.head.start.slice(0, 7)}, not its head ${run.headSha.slice(0, 7)} (a merge checkout?); result not used`,
    );
  }
  const gathered = await gatherPr(env, pr);
  if (!gathered.ok) return publishConfigError(env, pr, gathered.configError);
  const { snapshot } = gathered;
  // The loop's outcome goes into the history first: a fix's demotion reads the figures it belongs to.
  await env.outcomes.record(
    loopResultEvents(
      { installation: env.installation, repo: `${pr.owner}/${pr.repo}`, pr: pr.number },
      {
        id: run.id,
        attempt: wr.run_attempt ?? 1,
        workflow: wr.name ?? null,
        at: wr.updated_at ?? new Date().toISOString(),
      },
      result,
      snapshot.config.outer_loop,
    ),
  );
  const fix = patch === null ? null : await commitFix(env, snapshot, result, patch, run);
  const memory = mergeMemory(snapshot.memory, result, run.headSha, fix?.sha ? { sha: fix.sha } : null);
  const report = await reportFor(env, snapshot, result, run);
  // A proposed fix is remembered (signed) so that `/close-loop apply` commits exactly it, onto its head.
  // What the loop stopped on is kept (signed) so that every later delivery on this head opens with it too.
  const failure = failureLead(result);
  const state = {
    ...snapshot.state,
    ...(fix?.proposal ? { proposal: fix.proposal } : {}),
    lead: failure === null ? null : { head_sha: run.headSha, failure: keptFailureLead(failure) },
  };
  const extra = fix?.notice ? [fix.notice] : [];
  await publishPr(env, { snapshot, state, memory, extra, report, runUrl: run.url, cause: 'ci' });
}

/**
 * workflow_run in_progress: CI started on a head. Nothing to read yet, but the pull request leaves INIT for
 * VERIFY (or RETRY on the loop's fix) and its check says which checks it waits for; a re-run (`/close-loop
 * retry`, the App's own) shows as running again, not as the failure it re-runs.
 */
export async function onWorkflowRunStarted(env: AppEnv, payload: WorkflowRunPayload): Promise<void> {
  const repo = { owner: payload.repository.owner.login, repo: payload.repository.name };
  const wr = payload.workflow_run;
  await refreshRunHead(
    env,
    repo,
    {
      ...runFactsOf(wr),
      label: `${repo.owner}/${repo.repo} run ${wr.id} attempt ${wr.run_attempt ?? 1} (started)`,
    },
    serverUrlOf(payload),
    'refresh',
  );
}

const runFactsOf = (wr: WorkflowRunPayload['workflow_run']): RunFacts => ({
  id: wr.id,
  headSha: wr.head_sha,
  headBranch: wr.head_branch,
  headRepo: wr.head_repository?.full_name ?? null,
  pullNumbers: (wr.pull_requests ?? []).map((p) => p.number),
  url: wr.html_url,
});
