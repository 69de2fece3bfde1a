import type { Annotation } from '../core/github/annotations-for.js';
import { MAX_RUN_ENTRIES, type CiPrState, type RunEntry } from '../core/github/ci-state.js';
import { commentWrite } from '../core/plan/comment-marker.js';
import { applyPlan } from '../github/apply-plan.js';
import { writeRedRunCheck } from '../github/write-red-run-check.js';
import type { AppEnv } from './app-env.js';
import { target } from './publish-pr.js';
import type { PrFacts } from './pull-request-facts.js';
import { CI_COMMENT_NAME, CI_STATE_BLOCK } from './read-ci-state.js';
import { renderSignedBlock } from './signed-block.js';

/**
 * The check run the App writes for red runs without the Action. Not `closed-loop` itself: that one is
 * the gate check, re-rendered on every PR event, and a diagnosis must not replace "waiting for approval".
 */
export const CI_CHECK_NAME = 'closed-loop / CI';

export interface RedRunPublication {
  pr: PrFacts;
  state: CiPrState;
  entry: RunEntry;
  check: { conclusion: 'failure' | 'neutral' | 'success'; title: string; summary: string; text: string; annotations: Annotation[] };
  comment: string;
}

/** Shows one red (or re-run green) run on the PR: the check run with its annotations, then the CI comment holding the signed state. */
export async function publishRedRun(env: AppEnv, p: RedRunPublication): Promise<void> {
  const repo = { owner: p.pr.owner, repo: p.pr.repo };
  const { check } = p;
  const written = await writeRedRunCheck(env.octokit, repo, {
    name: CI_CHECK_NAME, headSha: p.entry.head, conclusion: check.conclusion,
    output: { title: check.title, summary: check.summary, text: check.text }, annotations: check.annotations,
  });
  env.log.info(`${repo.owner}/${repo.repo}#${p.pr.number}: check "${CI_CHECK_NAME}" ${written.outcome} (${check.annotations.length} annotation(s), ${written.requests.length} request(s))`);
  const runs = [...p.state.runs.filter((r) => !(r.run === p.entry.run && r.attempt === p.entry.attempt)), p.entry].slice(-MAX_RUN_ENTRIES);
  const body = `${p.comment.trimEnd()}\n${renderSignedBlock(CI_STATE_BLOCK, { runs }, env.secret)}\n`;
  await applyPlan(env.octokit, target(p.pr), [commentWrite(CI_COMMENT_NAME, body)], { log: env.log.info, commentAuthor: env.botLogin });
}
