import type { Config } from '../../core/config/schema.js';
import { addRunEntry } from '../../core/pull-request/ci-state.js';
import { decideRedRun } from '../../core/pull-request/decide-red-run.js';
import { recordRerun } from '../../core/pull-request/render-flaky-record.js';
import { redRunAnnotations, renderCiBlockedReport } from '../../core/pull-request/render-red-run.js';
import { commentWrite } from '../../core/plan/comment-marker.js';
import { effectiveCatalogue } from '../../core/patterns/effective-catalogue.js';
import { describeFailure } from '../../core/dead-letter/describe-failure.js';
import { greenEvent, redRunEvents } from '../../core/outcomes/outcome-events-for.js';
import { listFailedJobs } from '../../github/list-failed-jobs.js';
import { readRepoConfig } from '../../github/read-repo-config.js';
import { rerunRunFailedJobs } from '../../github/rerun-failed-jobs.js';
import type { AppEnv } from '../app-env.js';
import { diagnoseFailedJobs } from '../diagnose-failed-jobs.js';
import { findRunPullRequest, type PlainRun } from '../find-run-pull-request.js';
import { gatherPr } from '../gather-pr.js';
import { publishPr } from '../publish-pr.js';
import { where } from '../pull-request-facts.js';
import { readFlakyRecord } from '../read-flaky-record.js';
import { similarDeadLetterSuggestions } from '../report-writes.js';
import { REPORT_COMMENT_NAME } from '../../core/pull-request/plan-pr-view.js';
import { onRerunCancelled, onRerunGreen } from './on-rerun-green.js';
import { onMergeGroupRun } from './on-merge-group-run.js';
import { refreshRunHead } from './refresh-run-head.js';
import { pullOfQueueRef } from '../../github/list-merge-group-pulls.js';
import { saveFlakyRecord } from '../save-flaky-record.js';
import { redRunOutcome } from '../red-run-outcome.js';

/** Whether the config watches this workflow (and diagnoses at all). */
function watched(ci: Config['ci'], workflow: string): string | null {
  if (!ci.diagnose) return 'ci.diagnose is off';
  if (ci.ignore_workflows.includes(workflow)) return `workflow "${workflow}" is in ci.ignore_workflows`;
  if (ci.workflows.length > 0 && !ci.workflows.includes(workflow))
    return `workflow "${workflow}" is not in ci.workflows`;
  return null;
}

/**
 * A workflow run without the closed-loop-result artifact (no Action in it). Red: read the failed jobs'
 * logs through the analyzer, show the diagnosis in the `closed-loop` check run and the sticky comment,
 * and re-run a transient failure within its budget. Green on a later attempt after a re-run: flaky
 * (see onRerunGreen). Once per run attempt: the sticky comment's signed CI state remembers it.
 */
export async function onRedRun(
  env: AppEnv,
  repo: { owner: string; repo: string },
  run: PlainRun,
  serverUrl: string,
): Promise<void> {
  const name = `${repo.owner}/${repo.repo} run ${run.id} attempt ${run.attempt}`;
  const red = run.conclusion === 'failure' || run.conclusion === 'timed_out';
  const green = run.conclusion === 'success' && run.attempt > 1;
  // A re-run that was cancelled must not leave the closed-loop check waiting for it.
  const cancelled = run.conclusion === 'cancelled' && run.attempt > 1;
  const moment = { id: run.id, attempt: run.attempt, workflow: run.workflow, at: run.completedAt };
  const number = run.pullNumbers[0];
  // A green run ends the time to green of the pull request's loops (a fork's run names no pull request).
  if (run.conclusion === 'success' && number !== undefined)
    await env.outcomes.record([
      greenEvent({ installation: env.installation, repo: `${repo.owner}/${repo.repo}`, pr: number }, moment),
    ]);
  // Green (or skipped, neutral…) at its first attempt: nothing to diagnose, but the check moves on.
  if (!red && !green && !cancelled)
    return refreshRunHead(
      env,
      repo,
      { ...run, label: `${name} (${run.conclusion ?? 'no conclusion'}, no closed-loop-result)` },
      serverUrl,
      'ci',
    );
  // A run on a merge group's head: diagnosed for the queue (its check on that head), not for a PR's comment.
  const queued = pullOfQueueRef(run.headBranch ?? '');
  if (queued !== null)
    return cancelled
      ? env.log.info(`${name}: a merge group's re-run was cancelled; nothing to show`)
      : onMergeGroupRun(env, repo, run, queued, serverUrl);
  const pr = await findRunPullRequest(env.octokit, repo, run, serverUrl);
  if (pr === null)
    return env.log.info(`${name}: no open pull request has head ${run.headSha.slice(0, 7)}; nothing to do`);
  if (pr.state !== 'open' || pr.merged)
    return env.log.info(`${where(pr)}: closed; run ${run.id} changes nothing on it`);
  if (pr.headSha !== run.headSha)
    return env.log.info(
      `${where(pr)}: run ${run.id} is for ${run.headSha.slice(0, 7)}, but the pull request is at ${pr.headSha.slice(0, 7)}; nothing shown`,
    );
  const config = await readRepoConfig(env.octokit, { ...repo, ref: pr.defaultBranch });
  if (!config.ok) return env.log.warn(`${where(pr)}: ${config.message}`);
  const ignored = watched(config.config.ci, run.workflow);
  if (ignored !== null) return env.log.info(`${where(pr)}: run ${run.id} not diagnosed: ${ignored}`);
  const gathered = await gatherPr(env, pr); // the config again comes from this delivery's reads
  if (!gathered.ok) return env.log.warn(`${where(pr)}: ${gathered.configError}`);
  const { snapshot } = gathered;
  const state = snapshot.ci;
  if (state.runs.some((r) => r.run === run.id && r.attempt === run.attempt))
    return env.log.info(`${where(pr)}: ${name} is already reported; nothing new`);
  if (green) return onRerunGreen(env, snapshot, run);
  if (cancelled) return onRerunCancelled(env, snapshot, run);

  const failed = await listFailedJobs(env.octokit, { ...repo, runId: run.id });
  const ci = snapshot.config.ci;
  const jobs = failed.jobs.filter((j) => !ci.ignore_jobs.includes(j.name));
  if (jobs.length === 0)
    return env.log.info(
      `${where(pr)}: ${name} has no failed job to diagnose (${failed.jobs.length - jobs.length} ignored)`,
    );
  const catalogue = effectiveCatalogue(snapshot.config.patterns);
  const reads = await diagnoseFailedJobs(env, repo, jobs, catalogue, ci);
  const flaky = await readFlakyRecord(env, repo);
  const budgets = Object.fromEntries(
    catalogue.patterns.map((p) => [p.pattern.id, p.pattern.max_auto_retries]),
  );
  const decision = decideRedRun({
    run: { id: run.id, attempt: run.attempt, head: run.headSha, workflow: run.workflow, url: run.url },
    jobs: reads,
    more: failed.more,
    state,
    record: flaky.record,
    ci,
    budgets,
  });
  env.log.info(`${where(pr)}: ${name}: ${decision.verdict}: ${decision.why}`);
  // What nothing fixes is kept for pattern candidates: a failure no pattern recognised, seen again.
  await env.outcomes.record(
    redRunEvents(
      { installation: env.installation, repo: `${pr.owner}/${pr.repo}`, pr: pr.number },
      moment,
      redRunOutcome({
        taskId: `${pr.owner}/${pr.repo}#${pr.number}`,
        run,
        decision,
        reads,
        afterRerun: state.runs.some((r) => r.run === run.id && r.attempt < run.attempt),
      }),
      snapshot.config.outer_loop,
    ),
  );
  if (decision.verdict === 'rerun') {
    await rerunRunFailedJobs(env.octokit, { ...repo, runId: run.id });
    await saveFlakyRecord(
      env,
      pr,
      flaky.issue,
      recordRerun(
        flaky.record,
        reads.map((r) => r.diagnosis?.pattern ?? null),
      ),
    );
  }
  const extra = [];
  const deep = decision.verdict === 'deep' ? reads.find((r) => r.diagnosis?.pattern) : undefined;
  if (decision.verdict === 'deep') {
    const suggestions = deep?.diagnosis
      ? await similarDeadLetterSuggestions(
          env,
          pr,
          describeFailure({
            taskId: `${pr.repo}#${pr.number}`,
            originalTask: `${run.workflow} / ${deep.name}`,
            attempts: [],
            finalDiagnosis: deep.diagnosis,
            blockedAt: new Date().toISOString(),
            blockedReason: decision.why,
          }),
        )
      : '';
    extra.push(
      commentWrite(REPORT_COMMENT_NAME, renderCiBlockedReport(decision.entry, suggestions), pr.headSha),
    );
  }
  await publishPr(env, {
    snapshot,
    state: snapshot.state,
    memory: snapshot.memory,
    ci: addRunEntry(state, decision.entry),
    annotations: redRunAnnotations(reads),
    extra,
    cause: 'ci',
  });
}
