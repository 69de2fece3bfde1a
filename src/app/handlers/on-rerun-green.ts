import type { CiPrState } from '../../core/github/ci-state.js';
import { recordFlaky, testName } from '../../core/github/render-flaky-record.js';
import { inlineCode, tableCell } from '../../core/github/markdown-text.js';
import type { AppEnv } from '../app-env.js';
import { publishRedRun } from '../publish-red-run.js';
import { where, type PrFacts } from '../pull-request-facts.js';
import { readFlakyRecord } from '../read-ci-state.js';
import type { PlainRun } from './on-red-run.js';
import { saveFlakyRecord } from './on-red-run.js';

/**
 * A run the App saw red passed on a later attempt at the same head: its failed jobs are flaky. Said on the PR ("passed on
 * re-run: flaky") and added to the repository's flaky record with the tests the failed log named.
 */
export async function onRerunGreen(env: AppEnv, pr: PrFacts, run: PlainRun, state: CiPrState): Promise<void> {
  // The latest red attempt the App reported, whoever re-ran it (the App, a person, `/close-loop retry`).
  const before = state.runs.filter((r) => r.run === run.id && r.attempt < run.attempt && r.verdict !== 'flaky').sort((a, b) => b.attempt - a.attempt)[0];
  if (before === undefined) return env.log.info(`${where(pr)}: run ${run.id} passed on attempt ${run.attempt}; no earlier red attempt of it was reported, nothing to record`);
  const flaky = await readFlakyRecord(env, { owner: pr.owner, repo: pr.repo });
  await saveFlakyRecord(env, pr, flaky.issue, recordFlaky(flaky.record, before.jobs, pr.number, new Date().toISOString(), before.rerun));
  const rows = before.jobs.map((j) => `| ${tableCell(j.job)} | ${j.pattern ? inlineCode(j.pattern) : 'unrecognised'} | ${j.category} | ${j.tests.length ? j.tests.map(testName).join('<br>') : '–'} |`);
  const summary = [
    `[${tableCell(run.workflow)} run ${run.id}](${run.url}) failed on attempt ${before.attempt} and passed on re-run (attempt ${run.attempt}) at \`${run.headSha.slice(0, 7)}\`: passed on re-run: flaky.`,
    '', '| Job | Failed with | Category | Tests named in the log |', '| --- | --- | --- | --- |', ...rows, '',
    `The repository's flaky record is the issue labelled \`loop:flaky\`.`,
  ].join('\n');
  env.log.info(`${where(pr)}: run ${run.id} passed on re-run: flaky (${before.jobs.map((j) => j.job).join(', ')})`);
  await publishRedRun(env, {
    pr, state, entry: { ...before, attempt: run.attempt, rerun: false, verdict: 'flaky' }, comment: `### closed-loop: CI diagnosis\n\n${summary}`,
    check: { conclusion: 'success', title: `Passed on re-run: flaky: ${before.jobs.map((j) => j.job).join(', ')}`.slice(0, 200), summary, text: '', annotations: [] },
  });
}
