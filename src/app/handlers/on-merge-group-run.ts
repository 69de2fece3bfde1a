import { addRunEntry, type RunEntry } from '../../core/pull-request/ci-state.js';
import { decideRedRun } from '../../core/pull-request/decide-red-run.js';
import { recordFlaky, recordRerun } from '../../core/pull-request/render-flaky-record.js';
import { redRunAnnotations, renderCiRun } from '../../core/pull-request/render-red-run.js';
import { renderGateCheck } from '../../core/gates/render-gate-check.js';
import { renderMergeGroupCheck } from '../../core/gates/render-merge-group-check.js';
import { defaultConfig } from '../../core/config/schema.js';
import { redRunEvents } from '../../core/outcomes/outcome-events-for.js';
import { effectiveCatalogue } from '../../core/patterns/effective-catalogue.js';
import type { CheckRun } from '../../core/plan/plan-schema.js';
import { applyPlan } from '../../github/apply-plan.js';
import { listFailedJobs } from '../../github/list-failed-jobs.js';
import { listMergeGroupPulls } from '../../github/list-merge-group-pulls.js';
import { readRepoConfig } from '../../github/read-repo-config.js';
import { rerunRunFailedJobs } from '../../github/rerun-failed-jobs.js';
import type { AppEnv } from '../app-env.js';
import { diagnoseFailedJobs } from '../diagnose-failed-jobs.js';
import type { PlainRun } from '../find-run-pull-request.js';
import { readMergeGroupMemory } from '../merge-group-memory.js';
import { groupPull } from '../merge-group-pull.js';
import { fetchPrFacts, type PrFacts } from '../pull-request-facts.js';
import { readFlakyRecord } from '../read-flaky-record.js';
import { flakyRescueOutcome, redRunOutcome } from '../red-run-outcome.js';
import { CI_STATE_BLOCK } from '../read-pr-state.js';
import { saveFlakyRecord } from '../save-flaky-record.js';
import { renderSignedBlock } from '../signed-block.js';

/**
 * A workflow run on a merge group's head (branch `gh-readonly-queue/<base>/pr-<n>-<sha>`), diagnosed like a
 * red run on a pull request: a transient failure is re-run once (a flake must not cost a pull request its
 * place in the queue), and a re-run that passes is recorded as flaky. The `closed-loop` check on the
 * group's head shows it, with the gates of the group's pull requests; its signed text is the memory that
 * makes each run attempt count once. The outcome history records it for the queue branch's pull request.
 */
export async function onMergeGroupRun(
  env: AppEnv,
  repo: { owner: string; repo: string },
  run: PlainRun,
  pull: number,
  serverUrl: string,
): Promise<void> {
  const name = `${repo.owner}/${repo.repo} merge group run ${run.id} attempt ${run.attempt}`;
  const pr = await fetchPrFacts(env.octokit, { ...repo, number: pull }, serverUrl);
  const config = await readRepoConfig(env.octokit, { ...repo, ref: pr.defaultBranch });
  if (!config.ok) return env.log.warn(`${name}: ${config.message}`);
  const ci = config.config.ci;
  if (!ci.diagnose || ci.ignore_workflows.includes(run.workflow))
    return env.log.info(`${name}: not diagnosed (ci.diagnose, ci.ignore_workflows)`);
  const at = { ...repo, sha: run.headSha };
  const memory = await readMergeGroupMemory(env, at);
  if (memory.runs.some((r) => r.run === run.id && r.attempt === run.attempt))
    return env.log.info(`${name}: already reported; nothing new`);
  const flaky = await readFlakyRecord(env, repo);
  // The queue's runs count in the outcome history like a pull request's, for the pull request the queue
  // branch names (the one this merge group was made for).
  const base = { installation: env.installation, repo: `${repo.owner}/${repo.repo}`, pr: pull };
  const moment = { id: run.id, attempt: run.attempt, workflow: run.workflow, at: run.completedAt };
  let entry: RunEntry;
  let annotations: CheckRun['annotations'];
  if (run.conclusion === 'success') {
    const before = memory.runs
      .filter((r) => r.run === run.id && r.attempt < run.attempt && r.verdict !== 'flaky')
      .at(-1);
    if (before === undefined) return env.log.info(`${name}: passed; no red attempt of it was reported`);
    await env.outcomes.record(
      redRunEvents(base, moment, flakyRescueOutcome(before, run.attempt), config.config.outer_loop),
    );
    await saveFlakyRecord(
      env,
      pr,
      flaky.issue,
      recordFlaky(flaky.record, before.jobs, pull, new Date().toISOString(), before.rerun),
    );
    entry = {
      ...before,
      attempt: run.attempt,
      rerun: false,
      verdict: 'flaky',
      url: run.url,
      why: `it failed on attempt ${before.attempt} and passed on re-run (attempt ${run.attempt}) at the same commit: passed on re-run: flaky`,
    };
  } else {
    const failed = await listFailedJobs(env.octokit, { ...repo, runId: run.id });
    const jobs = failed.jobs.filter((j) => !ci.ignore_jobs.includes(j.name));
    if (jobs.length === 0) return env.log.info(`${name}: no failed job to diagnose`);
    const catalogue = effectiveCatalogue(config.config.patterns);
    const reads = await diagnoseFailedJobs(env, repo, jobs, catalogue, ci);
    const decision = decideRedRun({
      run: { id: run.id, attempt: run.attempt, head: run.headSha, workflow: run.workflow, url: run.url },
      jobs: reads,
      more: failed.more,
      state: memory,
      record: flaky.record,
      ci: { ...ci, rerun_budget: Math.min(ci.rerun_budget, 1) }, // once in the queue
      budgets: Object.fromEntries(catalogue.patterns.map((p) => [p.pattern.id, p.pattern.max_auto_retries])),
    });
    env.log.info(`${name}: ${decision.verdict}: ${decision.why}`);
    await env.outcomes.record(
      redRunEvents(
        base,
        moment,
        redRunOutcome({
          taskId: `${repo.owner}/${repo.repo}#${pull}`,
          run,
          decision,
          reads,
          afterRerun: memory.runs.some((r) => r.run === run.id && r.attempt < run.attempt),
        }),
        config.config.outer_loop,
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
    entry = decision.entry;
    annotations = redRunAnnotations(reads);
  }
  const check = await groupCheck(env, { repo, run, pr }, addRunEntry(memory, entry), entry, annotations);
  await applyPlan(env.octokit, { ...repo, issue_number: pull }, [check], {
    log: env.log.info,
    commentAuthor: env.botLogin,
  });
}

/** The red run's view on the group's head, unless the gates already hold the group back. */
async function groupCheck(
  env: AppEnv,
  { repo, run, pr }: { repo: { owner: string; repo: string }; run: PlainRun; pr: PrFacts },
  memory: Parameters<typeof addRunEntry>[0],
  entry: RunEntry,
  annotations: CheckRun['annotations'],
): Promise<CheckRun> {
  const view = renderCiRun(entry);
  const block = renderSignedBlock(CI_STATE_BLOCK, memory, env.secret);
  const found = await listMergeGroupPulls(env.octokit, {
    ...repo,
    headRef: run.headBranch ?? '',
    baseRef:
      /gh-readonly-queue\/(.+)\/pr-\d+-[0-9a-f]{40}$/.exec(run.headBranch ?? '')?.[1] ?? pr.defaultBranch,
    headSha: run.headSha,
  });
  const pulls = [];
  for (const number of found.numbers) pulls.push(await groupPull(env, repo, number, pr.serverUrl));
  const gates = renderMergeGroupCheck({ headSha: run.headSha, pulls });
  const ci = renderGateCheck({
    headSha: run.headSha,
    checks: [],
    gates: [],
    gatesConfig: defaultConfig().gates, // no gate is listed here: the group's gates are summed up below
    ci: { ...view, text: `${view.text}\n\n${block}`, ...(annotations?.length ? { annotations } : {}) },
  });
  const gatesHold = gates.conclusion === 'failure' || gates.conclusion === 'action_required';
  if (gatesHold && ci.conclusion !== 'failure')
    return { ...gates, output: { ...gates.output, text: `${view.section}\n\n${block}` } };
  return {
    ...ci,
    output: {
      ...ci.output,
      summary: `${ci.output.summary}\n\n### Gates of the merge group\n\n${gates.output.title}`,
    },
  };
}
