import { addRunEntry } from '../../core/pull-request/ci-state.js';
import { redRunEvents } from '../../core/outcomes/outcome-events-for.js';
import { recordFlaky } from '../../core/pull-request/render-flaky-record.js';
import type { AppEnv } from '../app-env.js';
import type { PrSnapshot } from '../gather-pr.js';
import { publishPr } from '../publish-pr.js';
import { where } from '../pull-request-facts.js';
import { readFlakyRecord } from '../read-flaky-record.js';
import type { PlainRun } from '../find-run-pull-request.js';
import { saveFlakyRecord } from '../save-flaky-record.js';
import { flakyRescueOutcome } from '../red-run-outcome.js';

/**
 * After a re-run. A run the App saw red passed on a later attempt at the same head: its failed jobs are
 * flaky. Said on the PR ("passed on
 * re-run: flaky") and added to the repository's flaky record with the tests the failed log named.
 */
export async function onRerunGreen(env: AppEnv, snapshot: PrSnapshot, run: PlainRun): Promise<void> {
  const { pr } = snapshot;
  // The latest red attempt the App reported, whoever re-ran it (the App, a person, `/close-loop retry`).
  const before = snapshot.ci.runs
    .filter((r) => r.run === run.id && r.attempt < run.attempt && r.verdict !== 'flaky')
    .sort((a, b) => b.attempt - a.attempt)[0];
  if (before === undefined) {
    env.log.info(
      `${where(pr)}: run ${run.id} passed on attempt ${run.attempt}; no earlier red attempt of it was reported, nothing to record`,
    );
    // Still a green run on the head: the check moves on.
    await publishPr(env, { snapshot, state: snapshot.state, memory: snapshot.memory, cause: 'ci' });
    return;
  }
  await env.outcomes.record(
    redRunEvents(
      { installation: env.installation, repo: `${pr.owner}/${pr.repo}`, pr: pr.number },
      { id: run.id, attempt: run.attempt, workflow: run.workflow, at: run.completedAt },
      flakyRescueOutcome(before, run.attempt),
      snapshot.config.outer_loop,
    ),
  );
  const flaky = await readFlakyRecord(env, { owner: pr.owner, repo: pr.repo });
  await saveFlakyRecord(
    env,
    pr,
    flaky.issue,
    recordFlaky(flaky.record, before.jobs, pr.number, new Date().toISOString(), before.rerun),
  );
  env.log.info(
    `${where(pr)}: run ${run.id} passed on re-run: flaky (${before.jobs.map((j) => j.job).join(', ')})`,
  );
  const entry = {
    ...before,
    attempt: run.attempt,
    rerun: false,
    verdict: 'flaky' as const,
    url: run.url,
    why: `it failed on attempt ${before.attempt} and passed on re-run (attempt ${run.attempt}) at the same commit: passed on re-run: flaky`,
  };
  await publishPr(env, {
    snapshot,
    state: snapshot.state,
    memory: snapshot.memory,
    ci: addRunEntry(snapshot.ci, entry),
    cause: 'ci',
  });
}

/**
 * A re-run the App made was cancelled: the check says so and stops waiting; no re-run is made again for it.
 */
export async function onRerunCancelled(env: AppEnv, snapshot: PrSnapshot, run: PlainRun): Promise<void> {
  const { pr } = snapshot;
  const before = snapshot.ci.runs.find((r) => r.run === run.id && r.attempt === run.attempt - 1 && r.rerun);
  if (before === undefined)
    return env.log.info(
      `${where(pr)}: run ${run.id} attempt ${run.attempt} was cancelled; not a re-run the App made, nothing to show`,
    );
  env.log.info(`${where(pr)}: run ${run.id}: the re-run (attempt ${run.attempt}) was cancelled`);
  const entry = {
    ...before,
    attempt: run.attempt,
    rerun: false,
    verdict: 'held' as const,
    url: run.url,
    why: `the re-run (attempt ${run.attempt}) was cancelled, so it is not known whether it was transient: re-run it by hand`,
  };
  await publishPr(env, {
    snapshot,
    state: snapshot.state,
    memory: snapshot.memory,
    ci: addRunEntry(snapshot.ci, entry),
    cause: 'ci',
  });
}
