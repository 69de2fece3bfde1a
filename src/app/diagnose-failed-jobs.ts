import { createAnalyzer } from '../core/analyze/create-analyzer.js';
import type { Config } from '../core/config/schema.js';
import type { JobRead } from '../core/pull-request/decide-red-run.js';
import { createTestNameCollector } from '../core/pull-request/failed-test-names.js';
import type { CompiledCatalogue } from '../core/patterns/compile-catalogue.js';
import type { FailedJob } from '../github/list-failed-jobs.js';
import { readJobLog } from '../github/read-job-log.js';
import type { AppEnv } from './app-env.js';
import { maskOutputDeep } from '../runner/secrets/known-secrets.js';

/**
 * Reads each failed job's log, one after the other (one log in flight: bounded memory), through the analyzer.
 */
export async function diagnoseFailedJobs(
  env: AppEnv,
  repo: { owner: string; repo: string },
  jobs: readonly FailedJob[],
  catalogue: CompiledCatalogue,
  ci: Config['ci'],
): Promise<JobRead[]> {
  const out: JobRead[] = [];
  for (const job of jobs) {
    const analyzer = createAnalyzer(catalogue);
    const tests = createTestNameCollector();
    const tee = {
      ...analyzer,
      push: (line: string) => {
        analyzer.push(line);
        tests.push(line);
      },
    };
    const read = await readJobLog(env.octokit, { ...repo, jobId: job.id }, tee, ci.max_log_mb * 1024 * 1024);
    if (read.kind === 'refused')
      env.log.warn(`${repo.owner}/${repo.repo} job ${job.id} (${job.name}): ${read.why}`);
    // Masked here, once, where the log's text enters the App: everything shown from it is built from this.
    out.push(
      maskOutputDeep({
        name: job.name,
        url: job.url,
        failedSteps: job.failedSteps,
        diagnosis: read.kind === 'read' ? analyzer.finish() : null,
        refused: read.kind === 'refused' ? read.why : null,
        capped: read.kind === 'read' && read.capped,
        tests: tests.names(),
      }),
    );
  }
  return out;
}
