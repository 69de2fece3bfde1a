import { analyzeText } from '../../core/analyze/create-analyzer.js';
import { reduce } from '../../core/loop/reduce.js';
import { logLinesFor } from '../../core/loop/log-lines-for.js';
import type { LoopEventInput } from '../../core/loop/loop-event.js';
import type { Strategy } from '../../core/vocabulary.js';
import { runChecks } from '../checks/run-checks.js';
import { changedSince, rollback, takeSnapshot } from '../git/snapshot.js';
import { commitFix, stageFix } from '../git/commit-fix.js';
import { fixCommitMessage } from '../../core/validate/fix-commit-message.js';
import { validateWorkingChange } from '../validate/validate-working-change.js';
import { runStrategy } from '../strategies/index.js';
import { saveState } from './artifacts.js';
import { seconds } from './progress.js';
import { captureRegressionBaseline, checkForRegressions } from './regression-step.js';
import type { RunContext } from './run-context.js';

/** Feeds one event to the pure loop, prints the seed's log lines for it, and persists the state. */
export async function apply(ctx: RunContext, event: LoopEventInput): Promise<void> {
  const prev = ctx.state;
  ctx.state = reduce(prev, event);
  for (const line of logLinesFor(prev, ctx.state)) ctx.options.progress.log(line);
  await saveState(ctx.options.cwd, { loop: ctx.state, run: { cwd: ctx.options.cwd, start_sha: ctx.startSha, fix_commits: ctx.fixCommits.map((c) => c.sha), updated_at: ctx.now() } });
}

export async function generate(ctx: RunContext, strategy: Strategy | undefined): Promise<void> {
  const files = ctx.snapshot ? (await changedSince(ctx.options.cwd, ctx.snapshot)).map((c) => c.path) : [];
  const description = ctx.snapshot ? `the change made by ${strategy ?? 'the fix'}` : 'the working tree as it is';
  await apply(ctx, { type: 'generated', at: ctx.now(), files, description });
}

/** The seed's VALIDATE: a generated change is checked before it is kept; a failing one is undone. */
export async function validate(ctx: RunContext, strategy: Strategy | undefined): Promise<void> {
  if (!ctx.snapshot) {
    await apply(ctx, { type: 'validated', at: ctx.now(), passed: true, violations: [], gates: [] });
    return;
  }
  const result = await validateWorkingChange(ctx.options.cwd, ctx.snapshot, strategy ?? 'analyze_then_fix', ctx.config);
  const violations = result.violations.map((v) => ({ type: v.gate, message: v.message, file: v.path }));
  if (!result.passed) {
    await rollback(ctx.options.cwd, ctx.snapshot);
    ctx.options.progress.info(`  ✗ the change failed validation and was rolled back: ${violations.map((v) => `${v.file}: ${v.message}`).join('; ')}`);
    ctx.pendingDiagnosis = analyzeText(ctx.catalogue, violations.map((v) => `${v.file ?? ''}: ${v.type}: ${v.message}`).join('\n'));
  }
  await apply(ctx, { type: 'validated', at: ctx.now(), passed: result.passed, violations, gates: result.gates_checked });
  if (!result.passed && result.violations.some((v) => v.gate === 'secrets')) {
    await apply(ctx, { type: 'security_violation', at: ctx.now(), detail: 'a fix tried to add a secret; it was rolled back' });
  }
}

export async function execute(ctx: RunContext): Promise<void> {
  const files = ctx.snapshot ? (await changedSince(ctx.options.cwd, ctx.snapshot)).map((c) => c.path) : [];
  await apply(ctx, { type: 'executed', at: ctx.now(), files_modified: files, duration_ms: 0 });
}

const failing = (runs: readonly { passed: boolean }[]): number => runs.filter((r) => !r.passed).length;

/** Runs every check; then keeps the fix (a commit of its own) unless it made things worse. */
export async function evaluate(ctx: RunContext): Promise<void> {
  const { cwd, progress, signal } = ctx.options;
  const attempt = ctx.state.attempts.length;
  progress.info(`▸ attempt ${attempt}: ${ctx.checks.map((c) => c.name).join(', ')}`);
  const runs = await runChecks(ctx.checks, {
    cwd, logDir: `${ctx.logDir}/attempt-${attempt}`, catalogue: ctx.catalogue, signal,
    onEvent: (e) => { if (e.kind === 'end' && e.run) progress.info(`  ${e.run.passed ? '✓' : '✗'} ${e.run.name} ${seconds(e.run.durationMs)}${e.run.timedOut ? ' (timed out; process tree killed)' : ''}`); },
  });
  ctx.previousRuns = ctx.lastRuns;
  ctx.lastRuns = runs;
  const first = runs.find((r) => !r.passed);
  await keepOrUndo(ctx, runs);
  // The seed: a baseline on the first iteration; a comparison once the checks pass after a fix.
  if (attempt === 1) await captureRegressionBaseline(ctx);
  const regression = first ? { status: 'skipped' as const, regressions: 0 } : await checkForRegressions(ctx);
  // The error itself (the analyzer's evidence) is what the attempt records and the same-error rule
  // compares; the excerpt's last lines may be the tool's chatter.
  const failure = first ? { check: first.name, output: first.diagnosis?.evidence?.text ?? first.excerpt } : regression.report ? { check: 'regression_check', output: regression.report } : undefined;
  await apply(ctx, {
    type: 'evaluated', at: ctx.now(), passed: !failure,
    checks: runs.map((r) => ({ name: r.name, passed: r.passed, duration_ms: Math.round(r.durationMs) })),
    ...(failure ? { failure } : {}),
    regression: { status: regression.status, regressions: regression.regressions },
  });
}

async function keepOrUndo(ctx: RunContext, runs: CheckRunLike[]): Promise<void> {
  const snap = ctx.snapshot;
  if (!snap) return;
  const { cwd, progress } = ctx.options;
  const changed = (await changedSince(cwd, snap)).map((c) => c.path);
  if (changed.length === 0) return;
  if (ctx.previousRuns.length > 0 && failing(runs) > failing(ctx.previousRuns)) {
    await rollback(cwd, snap);
    ctx.lastRuns = ctx.previousRuns;
    progress.info(`  ↺ the fix made ${failing(runs) - failing(ctx.previousRuns)} more check(s) fail; rolled back to where it started`);
    return;
  }
  const last = ctx.state.attempts.at(-2);
  const strategy = last?.strategy_used ?? 'analyze_then_fix';
  const pattern = last?.pattern_matched ?? null;
  const attempt = ctx.state.attempts.length;
  if (!ctx.options.commit) {
    await stageFix(cwd, changed);
    progress.info(`  + fix staged (--no-commit): ${changed.join(', ')}`);
    return;
  }
  // With --allow-dirty, a file that already held the user's uncommitted edits is left uncommitted:
  // committing it would commit their work under the loop's name.
  const mine = changed.filter((f) => !snap.dirty.includes(f));
  const theirs = changed.filter((f) => snap.dirty.includes(f));
  if (theirs.length > 0) progress.info(`  ! left uncommitted (they held your own uncommitted changes): ${theirs.join(', ')}`);
  if (mine.length === 0) return;
  const message = fixCommitMessage({ strategy, pattern, attempt, check: ctx.previousRuns.find((r) => !r.passed)?.name ?? null, summary: last?.action ?? '' });
  const sha = await commitFix(cwd, { files: mine, message });
  ctx.fixCommits.push({ sha, attempt, strategy, pattern });
  progress.info(`  + fix committed: ${sha.slice(0, 7)} ${message.split('\n')[0]}`);
}

type CheckRunLike = { passed: boolean };

export async function analyze(ctx: RunContext): Promise<void> {
  const first = ctx.lastRuns.find((r) => !r.passed);
  const diagnosis = ctx.pendingDiagnosis ?? first?.diagnosis ?? analyzeText(ctx.catalogue, first?.excerpt ?? '');
  ctx.pendingDiagnosis = null;
  const failed = first?.name ?? ctx.state.iterations.at(-1)?.failure?.check ?? 'the change';
  ctx.options.progress.info(`  ${failed} failed: ${diagnosis.pattern ?? 'no known pattern'}${diagnosis.pattern ? ` (${diagnosis.confidence.toFixed(2)})` : ''}${diagnosis.locations[0] ? ` at ${diagnosis.locations[0].file}:${diagnosis.locations[0].line}` : ''}`);
  await apply(ctx, { type: 'analyzed', at: ctx.now(), diagnosis });
}

export async function fix(ctx: RunContext, strategy: Strategy, delayMs: number | undefined): Promise<void> {
  const { cwd, progress, signal } = ctx.options;
  const diagnosis = ctx.state.pending_diagnosis;
  const failed = ctx.lastRuns.find((r) => !r.passed);
  const check = ctx.checks.find((c) => c.name === failed?.name) ?? null;
  if (!diagnosis) throw new Error('fix without a diagnosis');
  ctx.snapshot = await takeSnapshot(cwd);
  progress.info(`▸ fix: ${strategy}${delayMs ? ` after ${seconds(delayMs)}` : ''}`);
  const started = Date.now();
  const outcome = await runStrategy(strategy, {
    cwd, taskId: ctx.state.task.id, diagnosis, check, config: ctx.config, project: ctx.project,
    agentCommand: ctx.options.agent ?? ctx.config.agent.command, delayMs, signal,
    sleep: ctx.options.sleep,
    tried: ctx.state.attempts.filter((a) => a.strategy_used).map((a) => `attempt ${a.attempt}: ${a.strategy_used} for ${a.pattern_matched ?? 'an unknown failure'} — ${a.action}`),
  });
  if (outcome.escalate) {
    await rollback(cwd, ctx.snapshot);
    await apply(ctx, { type: 'escalated', at: ctx.now(), reason: outcome.escalate.reason });
    return;
  }
  if (!outcome.applied) {
    await rollback(cwd, ctx.snapshot);
    progress.info(`  ✗ ${strategy} did not apply: ${outcome.action}`);
    await apply(ctx, { type: 'fix_failed', at: ctx.now(), strategy, error: outcome.output || outcome.action });
    return;
  }
  progress.info(`  ${outcome.action}`);
  const files = (await changedSince(cwd, ctx.snapshot)).map((c) => c.path);
  await apply(ctx, { type: 'fixed', at: ctx.now(), strategy, fix_applied: outcome.action, files_modified: files, duration_ms: Date.now() - started });
}
