import { GATE_CHECK_NAME } from '../../core/gates/render-gate-check.js';
import type { AppEnv } from '../app-env.js';
import { serverUrlOf } from '../server-url-of.js';
import { refreshRunHead } from './refresh-run-head.js';

interface CheckRunCompletedPayload {
  check_run: {
    id: number;
    name: string;
    conclusion: string | null;
    head_sha: string;
    html_url?: string | null;
    app?: { slug?: string } | null;
    pull_requests?: { number: number }[];
  };
  repository: { name: string; owner: { login: string }; html_url?: string };
}

const RED = new Set(['failure', 'timed_out']);

/**
 * check_run.completed is deliberately not diagnosed. A GitHub Actions check is one job of a workflow
 * run: workflow_run.completed diagnoses the run once, with all its failed jobs and their logs. Another
 * CI app's check carries no log the App can read, only the output that app chose to write, and its
 * re-run is that app's own; its failure shows in the `closed-loop` check's list of failed checks. Such a
 * check (red or green) is still news for the pull requests GitHub lists for it: their check is read again,
 * so a repository whose CI is another app's leaves INIT too. (A fork's pull request is not listed: its
 * check moves on with its next delivery.)
 */
export async function onCheckRunCompleted(env: AppEnv, payload: CheckRunCompletedPayload): Promise<void> {
  const run = payload.check_run;
  const slug = run.app?.slug ?? 'an unknown app';
  if (run.name === GATE_CHECK_NAME || slug === 'github-actions') return; // our own; every job's: workflow_run
  const repo = { owner: payload.repository.owner.login, repo: payload.repository.name };
  const label = `${repo.owner}/${repo.repo}: check "${run.name}" of ${slug} on ${run.head_sha.slice(0, 7)} ${run.conclusion ?? 'completed'}`;
  if (RED.has(run.conclusion ?? ''))
    env.log.info(
      `${label}; not diagnosed: the App reads logs of GitHub Actions runs only (docs/pull-requests.md: "check_run from other CI apps")`,
    );
  for (const pull of run.pull_requests ?? [])
    await refreshRunHead(
      env,
      repo,
      {
        id: run.id,
        headSha: run.head_sha,
        headBranch: null,
        headRepo: null,
        pullNumbers: [pull.number],
        url: run.html_url ?? '',
        label,
      },
      serverUrlOf(payload),
      'ci',
    );
}
