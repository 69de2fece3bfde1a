import { judgeFix, type CheckOutcome } from '../../core/judge-fix.js';
import { fixCommitMessage } from '../../core/validate/fix-commit-message.js';
import type { CheckRun } from '../checks/run-checks.js';
import { commitFix, stageFix } from '../git/commit-fix.js';
import { headSha } from '../git/repo.js';
import { changedSince } from '../git/changed-since.js';
import { committable } from '../git/install-output.js';
import { rollback } from '../git/rollback.js';
import type { RunContext } from './run-context.js';
import { shellQuote } from '../../core/strategies/shell-quote.js';
import { keepBeforeFix } from '../git/keep-before-fix.js';

const outcome = (r: CheckRun): CheckOutcome => ({
  name: r.name,
  passed: r.passed,
  pattern: r.diagnosis?.pattern ?? null,
  errors: r.diagnosis?.locations.length ?? 0,
  files: [...new Set(r.diagnosis?.locations.map((l) => l.file) ?? [])],
});

/**
 * After a fix was evaluated: keep it as a commit of its own when it made progress, roll it back exactly
 * when it did not. `rolled-back`: the tree is as before the fix; `unchanged`: the fix changed nothing.
 */
export async function keepOrUndo(
  ctx: RunContext,
  runs: readonly CheckRun[],
): Promise<'kept' | 'rolled-back' | 'unchanged'> {
  const snap = ctx.snapshot;
  if (!snap) return 'unchanged';
  const { cwd, progress } = ctx.options;
  // An install's node_modules, .venv or caches are left on disk, out of the fix (git-ignored or not).
  const changed = committable(await changedSince(cwd, snap));
  const head = await headSha(cwd);
  if (changed.length === 0 && head === snap.head) return 'unchanged';
  // A per-file fixer's work is judged on the files it changed (auto_fix runs formatters and --fix).
  const perFile = ctx.state.attempts.at(-2)?.strategy_used === 'auto_fix' ? changed : undefined;
  const verdict = judgeFix(
    ctx.previousRuns.map(outcome),
    runs.map(outcome),
    ctx.target ?? undefined,
    perFile,
  );
  if (!verdict.keep) {
    await rollback(cwd, snap);
    ctx.lastRuns = ctx.previousRuns;
    progress.info(`  ↺ rolled back to where the fix started: ${verdict.why}`);
    return 'rolled-back';
  }
  (ctx.keptAttempts ??= new Set()).add(ctx.state.attempts.length);
  const fixed = ctx.state.iterations.at(-2)?.fix;
  const last = ctx.state.attempts.at(-2);
  const strategy = fixed?.strategy ?? last?.strategy_used ?? 'analyze_then_fix';
  const pattern = last?.pattern_matched ?? null;
  const attempt = ctx.state.attempts.length;
  if (head !== snap.head && changed.length === 0) {
    // The agent committed its change itself: that commit is the fix.
    ctx.fixCommits.push({ sha: head as string, attempt, strategy, pattern });
    progress.info(`  + kept the agent's own commit ${head?.slice(0, 7)} (${verdict.why})`);
    return 'kept';
  }
  if (!ctx.options.commit) {
    await stageFix(cwd, changed);
    progress.info(`  + fix staged (--no-commit): ${changed.join(', ')} (${verdict.why})`);
    return 'kept';
  }
  // With --allow-dirty, a file that already held the user's uncommitted edits is left uncommitted:
  // committing it would commit their work under the loop's name.
  const mine = changed.filter((f) => !snap.dirty.includes(f));
  const theirs = changed.filter((f) => snap.dirty.includes(f));
  if (theirs.length > 0) {
    // The fixer rewrote files holding the user's own uncommitted work: their version stays reachable.
    const ref = await keepBeforeFix(cwd, snap, ctx.state.task.id, attempt);
    progress.info(
      `  ! left uncommitted (they held your own uncommitted changes): ${theirs.join(', ')}; your version from before the fix: git restore --source=${ref} -- ${theirs.map(shellQuote).join(' ')}`,
    );
  }
  if (mine.length === 0) return 'kept';
  const message = fixCommitMessage({
    strategy,
    pattern,
    attempt,
    check: ctx.target ?? ctx.previousRuns.find((r) => !r.passed)?.name ?? null,
    summary: fixed?.fix_applied ?? '',
  });
  const sha = await commitFix(cwd, { files: mine, message });
  ctx.fixCommits.push({ sha, attempt, strategy, pattern });
  progress.info(`  + fix committed: ${sha.slice(0, 7)} ${message.split('\n')[0]} (${verdict.why})`);
  return 'kept';
}
