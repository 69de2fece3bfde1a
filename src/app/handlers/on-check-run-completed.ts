import type { AppEnv } from '../app-env.js';

interface CheckRunCompletedPayload {
  check_run: {
    id: number;
    name: string;
    conclusion: string | null;
    head_sha: string;
    app?: { slug?: string } | null;
  };
  repository: { name: string; owner: { login: string } };
}

const RED = new Set(['failure', 'timed_out']);

/**
 * check_run.completed is deliberately not diagnosed. A GitHub Actions check is one job of a workflow
 * run: workflow_run.completed diagnoses the run once, with all its failed jobs and their logs. Another
 * CI app's check carries no log the App can read, only the output that app chose to write, and its
 * re-run is that app's own; its failure shows in the `closed-loop` check's list of failed checks.
 */
export async function onCheckRunCompleted(env: AppEnv, payload: CheckRunCompletedPayload): Promise<void> {
  const run = payload.check_run;
  const slug = run.app?.slug ?? 'an unknown app';
  if (!RED.has(run.conclusion ?? '') || slug === 'github-actions') return; // every job's check: no line each
  env.log.info(
    `${payload.repository.owner.login}/${payload.repository.name}: check "${run.name}" of ${slug} on ${run.head_sha.slice(0, 7)} ${run.conclusion}; not diagnosed: the App reads logs of GitHub Actions runs only (docs/pull-requests.md: "check_run from other CI apps")`,
  );
}
