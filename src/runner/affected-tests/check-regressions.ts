import type { Config } from '../../core/config/schema.js';
import { regressionCheckEnabled } from '../../core/loop/regression-gate.js';
import type { Baseline } from '../../core/regression/baseline-file.js';
import { compareBaseline } from '../../core/regression/compare-baseline.js';
import type { Regression } from '../../core/regression/file-test-result.js';
import { renderRegressionReport } from '../../core/regression/render-regression-report.js';
import type { Complexity } from '../../core/vocabulary.js';
import type { TestRunner } from './detect-test-runner.js';
import { buildImportGraph, dependentsIn, toRepoPath } from './import-graph.js';
import { runTestsForFiles } from './run-tests-for-files.js';

export interface RegressionOptions {
  complexity: Complexity;
  config: Config['regression'];
  runner?: TestRunner;
  timeoutMs?: number;
}

export type CaptureResult =
  { status: 'captured'; baseline: Baseline } | { status: 'skipped'; reason: string };

export interface RegressionCheck {
  status: 'passed' | 'failed' | 'skipped';
  dependents: string[];
  regressions: Regression[];
  /** The seed's "## Regression Detected" report when failed (the regression_check output); else ''. */
  report: string;
  /** Why it was skipped. */
  reason?: string;
}

/**
 * The seed's baseline, taken on the first iteration before the change: the dependents of
 * `targetFiles` (config search_depth and exclude_patterns) and the test results of targets and
 * dependents alike. Skipped by the complexity gate, or when the tests cannot be run (with why).
 */
export async function captureBaseline(
  cwd: string,
  input: { taskId: string; targetFiles: readonly string[]; now?: Date },
  options: RegressionOptions,
): Promise<CaptureResult> {
  if (!regressionCheckEnabled(options.complexity, options.config.enabled_for_complexity)) {
    return {
      status: 'skipped',
      reason: `complexity ${options.complexity} is not in regression.enabled_for_complexity`,
    };
  }
  const graph = buildImportGraph(cwd);
  const targets = input.targetFiles.map((f) => toRepoPath(cwd, f));
  const dependents = dependentsIn(graph, targets, {
    depth: options.config.search_depth,
    exclude: options.config.exclude_patterns,
  });
  try {
    const results = await runTestsForFiles(cwd, [...targets, ...dependents], runOptions(options, graph));
    return {
      status: 'captured',
      baseline: {
        task_id: input.taskId,
        target_files: targets,
        dependent_files: dependents,
        baseline_results: results,
        captured_at: (input.now ?? new Date()).toISOString(),
      },
    };
  } catch (error) {
    return {
      status: 'skipped',
      reason: `could not run the tests for the baseline: ${(error as Error).message}`,
    };
  }
}

/**
 * The seed's comparison after EVALUATE passed: re-runs the tests of the baseline's dependent files
 * and reports every file with new failures. `failed` carries the report that routes to ANALYZE
 * (pattern regression-detected → context_expand).
 */
export async function checkRegressions(
  cwd: string,
  baseline: Baseline | null,
  options: RegressionOptions,
): Promise<RegressionCheck> {
  const skipped = (reason: string, dependents: string[] = []): RegressionCheck => ({
    status: 'skipped',
    dependents,
    regressions: [],
    report: '',
    reason,
  });
  if (!regressionCheckEnabled(options.complexity, options.config.enabled_for_complexity)) {
    return skipped(`complexity ${options.complexity} is not in regression.enabled_for_complexity`);
  }
  if (baseline === null) return skipped('no baseline was captured');
  const dependents = baseline.dependent_files;
  if (dependents.length === 0) return { status: 'passed', dependents, regressions: [], report: '' };
  let current;
  try {
    current = await runTestsForFiles(cwd, dependents, runOptions(options));
  } catch (error) {
    return skipped(`could not run the dependents' tests: ${(error as Error).message}`, dependents);
  }
  const regressions = compareBaseline(baseline.baseline_results, current);
  if (regressions.length === 0) return { status: 'passed', dependents, regressions, report: '' };
  return { status: 'failed', dependents, regressions, report: renderRegressionReport(regressions) };
}

function runOptions(options: RegressionOptions, graph?: ReturnType<typeof buildImportGraph>) {
  return {
    ...(options.runner ? { runner: options.runner } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(graph ? { graph } : {}),
  };
}
