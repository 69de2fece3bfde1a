import { analyzeText } from '../../core/analyze/create-analyzer.js';
import { regressionCheckEnabled } from '../../core/loop/regression-gate.js';
import { runGit } from '../git/run-git.js';
import { captureBaseline, checkRegressions } from '../affected-tests/check-regressions.js';
import { writeBaseline } from '../affected-tests/baseline-store.js';
import type { RunContext } from './run-context.js';

export type RegressionFacts = {
  status: 'passed' | 'failed' | 'skipped';
  regressions: number;
  report?: string;
};

/**
 * The files this branch changes: against the default branch's merge base when there is one, else the
 * last commit's. They are the "target files" whose dependents the regression check guards.
 */
async function branchFiles(cwd: string): Promise<string[]> {
  const git = async (args: string[]): Promise<string | null> => {
    const out = await runGit(cwd, args, { allowFailure: true }).catch(() => null);
    return out && out.exitCode === 0 ? out.stdout.trim() : null;
  };
  const head = await git(['rev-parse', 'HEAD']);
  for (const base of ['origin/HEAD', 'origin/main', 'main', 'master']) {
    const mergeBase = await git(['merge-base', 'HEAD', base]);
    if (mergeBase && head && mergeBase !== head)
      return ((await git(['diff', '--name-only', mergeBase, 'HEAD'])) ?? '').split('\n').filter(Boolean);
  }
  return ((await git(['diff-tree', '--no-commit-id', '--name-only', '-r', '--root', 'HEAD'])) ?? '')
    .split('\n')
    .filter(Boolean);
}

/** First iteration: the dependents' tests as they pass now, before any fix of the loop's. */
export async function captureRegressionBaseline(ctx: RunContext): Promise<void> {
  const { cwd, complexity, progress } = ctx.options;
  if (!regressionCheckEnabled(complexity, ctx.config.regression.enabled_for_complexity)) {
    progress.info(
      `  regression check skipped for ${complexity} complexity (regression.enabled_for_complexity)`,
    );
    return;
  }
  const result = await captureBaseline(
    cwd,
    { taskId: ctx.state.task.id, targetFiles: await branchFiles(cwd) },
    { complexity, config: ctx.config.regression },
  );
  if (result.status === 'captured') {
    ctx.baseline = result.baseline;
    await writeBaseline(ctx.stateDir, result.baseline);
    progress.info(
      `  regression baseline: ${result.baseline.dependent_files.length} dependent file(s) of ${result.baseline.target_files.length} changed file(s)`,
    );
  } else {
    // No test runner closed-loop can read per file (node --test, a custom script) is common; the seed's
    // log line already says skipped. A runner that failed is worth a line.
    if (!/no test runner found/i.test(result.reason))
      progress.info(`  regression baseline skipped: ${result.reason}`);
  }
}

/** After the checks pass: did the loop's fixes break the dependents' tests? */
export async function checkForRegressions(ctx: RunContext): Promise<RegressionFacts> {
  const { cwd, complexity, progress } = ctx.options;
  if (!ctx.baseline || ctx.fixCommits.length === 0) return { status: 'skipped', regressions: 0 };
  const check = await checkRegressions(cwd, ctx.baseline, { complexity, config: ctx.config.regression });
  if (check.status === 'failed') {
    progress.info(
      `  ✗ regression check: ${check.regressions.length} dependent file(s) have new test failures`,
    );
    ctx.pendingDiagnosis = analyzeText(ctx.catalogue, check.report);
    ctx.pendingSource = 'regression_check';
    return { status: 'failed', regressions: check.regressions.length, report: check.report };
  }
  if (check.status === 'skipped')
    progress.info(`  regression check skipped: ${check.reason ?? 'no tests to run'}`);
  return { status: check.status, regressions: 0 };
}
