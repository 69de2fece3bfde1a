import { createAnalyzer } from '../core/analyze/create-analyzer.js';
import type { Config } from '../core/config/schema.js';
import type { JobRead } from '../core/pull-request/decide-red-run.js';
import { createTestNameCollector, TEST_NAME_LITERALS } from '../core/pull-request/failed-test-names.js';
import type { CompiledCatalogue } from '../core/patterns/compile-catalogue.js';
import type { FailedJob } from '../github/list-failed-jobs.js';
import { readJobLog } from '../github/read-job-log.js';
import type { AppEnv } from './app-env.js';
import { maskOutputDeep } from '../runner/secrets/known-secrets.js';
import { linesWith } from '../runner/lines-with.js';

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
    // The analyzer cuts the bytes into lines itself and decodes only those that can matter (the fast
    // path `closed-loop analyze` takes); the test names are read from the few lines that can hold one.
    const testLines = linesWith(TEST_NAME_LITERALS, tests.push);
    const sink = {
      push(chunk: Uint8Array) {
        analyzer.pushBytes(chunk);
        // Once it holds as many names as it keeps, no line can change them.
        if (!tests.full()) testLines.push(chunk);
      },
      end() {
        analyzer.endBytes();
        testLines.end();
      },
    };
    const read = await readJobLog(env.octokit, { ...repo, jobId: job.id }, sink, ci.max_log_mb * 1024 * 1024);
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
