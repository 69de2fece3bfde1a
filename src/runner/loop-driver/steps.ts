import { analyzeText } from '../../core/analyze/create-analyzer.js';
import { errorText } from '../../core/analyze/error-text.js';
import { displayPath } from '../state-dir.js';
import { reduce } from '../../core/loop/reduce.js';
import { logInputsFor } from '../../core/loop/log-lines-for.js';
import { formatLogLine } from '../../core/loop/format-log-line.js';
import type { LoopEventInput } from '../../core/loop/loop-event.js';
import type { Strategy } from '../../core/vocabulary.js';
import type { Diagnosis } from '../../core/diagnosis.js';
import { runChecks } from '../checks/run-checks.js';
import { changedSince } from '../git/changed-since.js';
import { committable } from '../git/install-output.js';
import { rollback } from '../git/rollback.js';
import { takeSnapshot } from '../git/snapshot.js';
import { keepOrUndo } from './keep-or-undo.js';
import { diagnosisOf, markWorked, nextMechanical, pickTarget } from './pick-target.js';
import type { CheckRun } from '../checks/run-checks.js';
import { validateWorkingChange } from '../working-change/validate-working-change.js';
import { runStrategy } from '../fixers/index.js';
import {
  agentBudgetExceeded,
  agentChangeTooBig,
  describeAgentSpent,
} from '../../core/strategies/agent-budget.js';
import { diffStat } from '../git/file-diff.js';
import { saveState, writeAtomic } from './artifacts.js';
import { clearUnfinishedFix, recordUnfinishedFix } from './unfinished-fix.js';
import { seconds } from './progress.js';
import { createCheckDisplay } from './check-display.js';
import { captureRegressionBaseline, checkForRegressions } from './regression-step.js';
import type { RunContext } from './run-context.js';
import { runTotals } from './run-totals.js';

/** Feeds one event to the pure loop, prints the seed's log lines for it, and persists the state. */
export async function apply(ctx: RunContext, event: LoopEventInput): Promise<void> {
  const prev = ctx.state;
  ctx.state = reduce(prev, event);
  for (const line of logInputsFor(prev, ctx.state)) {
    // An attempt whose fix was just applied: its line tells whether that fix worked, known after the next
    // checks.
    if (
      line.kind === 'attempt' &&
      line.strategy !== null &&
      prev.phase === 'FIX' &&
      ctx.state.phase === 'GENERATE'
    )
      ctx.heldAttemptLine = line;
    else ctx.options.progress.log(formatLogLine(line));
  }
  await persist(ctx);
}

/** Writes the loop state and the run's facts to the state folder (`status` and `resume` read them). */
export async function persist(ctx: RunContext, interrupted = false): Promise<void> {
  // A resumed run's record goes on: its start and what its earlier parts did (fix commits) stay in it.
  const resumed = ctx.options.resumed;
  const totals = runTotals(ctx, ctx.now());
  await saveState(ctx.stateDir, {
    loop: ctx.state,
    run: {
      cwd: ctx.options.cwd,
      start_sha: resumed ? resumed.startSha : ctx.startSha,
      fix_commits: totals.fix_commits.map((c) => c.sha),
      totals,
      updated_at: ctx.now(),
      state_dir: ctx.stateDir,
      ...(interrupted ? { interrupted_at: ctx.now() } : {}),
      ...(resumed ? { resumed: { started_at: resumed.startedAt, earlier: resumed.earlier } } : {}),
    },
  });
}

async function undoUnfinishedFix(
  ctx: RunContext,
  snapshot: NonNullable<RunContext['snapshot']>,
): Promise<void> {
  await rollback(ctx.options.cwd, snapshot);
  ctx.undoneOnInterrupt = true;
  ctx.options.progress.info('  ↺ rolled back the unfinished fix');
}

export async function generate(ctx: RunContext, strategy: Strategy | undefined): Promise<void> {
  const files = ctx.snapshot ? committable(await changedSince(ctx.options.cwd, ctx.snapshot)) : [];
  const description = ctx.snapshot
    ? `the change made by ${strategy ?? 'the fix'}`
    : 'the working tree as it is';
  await apply(ctx, { type: 'generated', at: ctx.now(), files, description });
}

/** The seed's VALIDATE: a generated change is checked before it is kept; a failing one is undone. */
export async function validate(ctx: RunContext, strategy: Strategy | undefined): Promise<void> {
  if (!ctx.snapshot) {
    await apply(ctx, { type: 'validated', at: ctx.now(), passed: true, violations: [], gates: [] });
    return;
  }
  const failing = ctx.checks.find((c) => c.name === targetRun(ctx)?.name);
  const result = await validateWorkingChange(
    ctx.options.cwd,
    ctx.snapshot,
    strategy ?? 'analyze_then_fix',
    ctx.config,
    failing?.type === 'test',
  );
  const violations = result.violations.map((v) => ({ type: v.gate, message: v.message, file: v.path }));
  if (!result.passed) {
    await rollback(ctx.options.cwd, ctx.snapshot);
    await clearUnfinishedFix(ctx.stateDir);
    if (ctx.heldAttemptLine)
      ctx.options.progress.log(formatLogLine({ ...ctx.heldAttemptLine, result: 'failed' }));
    ctx.heldAttemptLine = null;
    ctx.options.progress.info(
      `  ✗ the change failed validation and was rolled back: ${violations.map((v) => `${v.file}: ${v.message}`).join('; ')}`,
    );
    // A fix refused for the paths it touched is not a new failure: what failed is still the check's
    // error (its place under .github/ included), which the report keeps.
    if (!forbiddenOnly(result.violations)) {
      ctx.pendingDiagnosis = analyzeText(
        ctx.catalogue,
        violations.map((v) => `${v.file ?? ''}: ${v.type}: ${v.message}`).join('\n'),
      );
      ctx.pendingSource = 'the fix (validation)';
    }
  }
  await apply(ctx, {
    type: 'validated',
    at: ctx.now(),
    passed: result.passed,
    violations,
    gates: result.gates_checked,
  });
  if (!result.passed && result.violations.some((v) => v.gate === 'secrets')) {
    await apply(ctx, {
      type: 'security_violation',
      at: ctx.now(),
      detail: 'a fix tried to add a secret; it was rolled back',
    });
  } else if (!result.passed && result.violations.some((v) => v.gate === 'weakened_checks')) {
    // A fix that hides a failure is not retried: whoever made it would try again; a person decides.
    await apply(ctx, {
      type: 'escalated',
      at: ctx.now(),
      reason: weakenedReason(strategy ?? 'the fix', result.violations),
    });
  } else if (!result.passed && forbiddenOnly(result.violations)) {
    // The fix has to change files the loop never writes (.github/ by default): no strategy or agent may,
    // so trying another would fail the same way.
    await apply(ctx, {
      type: 'escalated',
      at: ctx.now(),
      reason: forbiddenReason(strategy ?? 'the fix', result.violations),
    });
  }
}

/** Every violation is a forbidden path: the fix was right to try, but only a person may make it. */
function forbiddenOnly(violations: readonly { gate: string }[]): boolean {
  return violations.length > 0 && violations.every((v) => v.gate === 'forbidden_paths');
}

function forbiddenReason(strategy: string, violations: readonly { path: string; message: string }[]): string {
  const files = [...new Set(violations.map((v) => v.path))];
  const globs = [...new Set(violations.map((v) => /\(([^)]+)\)/.exec(v.message)?.[1]).filter(Boolean))];
  const shown = `${files.slice(0, 5).join(', ')}${files.length > 5 ? `, +${files.length - 5} more` : ''}`;
  return (
    `the fix (${strategy}) has to change ${shown}, under ${globs.length > 0 ? globs.join(', ') : 'a forbidden path'}, which the loop never writes (forbidden_paths), nor would an agent: ` +
    'it was rolled back, and a person must fix it there'
  );
}

function weakenedReason(
  strategy: string,
  violations: readonly { gate: string; path: string; message: string }[],
): string {
  const lines = violations
    .filter((v) => v.gate === 'weakened_checks')
    .map((v) => `- ${v.path}: ${v.message}`);
  const list = lines.join('\n');
  return (
    `the change made by ${strategy} weakens a check instead of fixing the cause, so it was rolled back:\n${list.length > 1400 ? `${list.slice(0, 1400)}…` : list}\n` +
    'Fix the cause, or, if the change is intended, commit it yourself or relax the rule under weakened_checks in the config.'
  );
}

export async function execute(ctx: RunContext): Promise<void> {
  const files = ctx.snapshot ? committable(await changedSince(ctx.options.cwd, ctx.snapshot)) : [];
  await apply(ctx, { type: 'executed', at: ctx.now(), files_modified: files, duration_ms: 0 });
}

/** Runs every check; keeps the fix as a commit of its own when it made progress, else rolls it back. */
export async function evaluate(ctx: RunContext): Promise<void> {
  const { cwd, progress, signal } = ctx.options;
  const attempt = ctx.state.attempts.length;
  progress.info(`▸ attempt ${attempt}: ${ctx.checks.map((c) => c.name).join(', ')}`);
  const display = createCheckDisplay(progress, ctx.options.heartbeatMs);
  const started = Date.now();
  const runs = await runChecks(ctx.checks, {
    cwd,
    logDir: `${ctx.logDir}/attempt-${attempt}`,
    catalogue: ctx.catalogue,
    signal,
    ...(ctx.workspaces && ctx.workspaces.length > 0 ? { workspaces: ctx.workspaces } : {}),
    onEvent: display.onEvent,
    onLine: display.onLine,
  }).finally(display.stop);
  if (signal?.aborted) {
    // Interrupted: a fix not yet judged is undone; the loop records the interruption and stops.
    if (ctx.snapshot) await undoUnfinishedFix(ctx, ctx.snapshot);
    await clearUnfinishedFix(ctx.stateDir);
    return;
  }
  ctx.previousRuns = ctx.lastRuns;
  ctx.lastRuns = runs;
  const kept = await keepOrUndo(ctx, runs);
  // A rolled-back fix's evaluation was of a tree that is gone: what fails now is what failed before the
  // fix (keepOrUndo restored those runs), and those are the failing checks the attempt records.
  const standing = kept === 'rolled-back' ? restoredRuns(ctx.lastRuns, runs) : runs;
  ctx.rolledBackRuns = kept === 'rolled-back' ? runs : null;
  const first = pickTarget(ctx, standing);
  ctx.target = first?.name ?? null;
  if (ctx.heldAttemptLine)
    progress.log(formatLogLine({ ...ctx.heldAttemptLine, result: kept === 'kept' ? 'success' : 'failed' }));
  ctx.heldAttemptLine = null;
  await clearUnfinishedFix(ctx.stateDir);
  // The seed: a baseline on the first iteration; a comparison once the checks pass after a fix.
  if (ctx.previousRuns.length === 0) await captureRegressionBaseline(ctx); // this run's first evaluation
  const regression = first ? { status: 'skipped' as const, regressions: 0 } : await checkForRegressions(ctx);
  // The error itself (the analyzer's evidence) is what the attempt records and the same-error rule
  // compares; the excerpt's last lines may be the tool's chatter.
  // After a rollback the attempt's error stays the one the fix produced (what the attempt's fix did, and
  // what the same-error rule compares, as before); the failing check is the restored tree's.
  const judged = kept === 'rolled-back' ? (pickTarget(ctx, runs) ?? first) : first;
  const failure = first
    ? { check: first.name, output: failureOf(ctx, judged ?? first).output }
    : regression.report
      ? { check: 'regression_check', output: regression.report }
      : undefined;
  await apply(ctx, {
    type: 'evaluated',
    at: ctx.now(),
    passed: !failure,
    checks: standing.map((r) => ({
      name: r.name,
      passed: r.passed,
      duration_ms: Math.round(r.durationMs),
      ...(r.passed
        ? {}
        : {
            pattern: r.diagnosis?.pattern ?? null,
            strategy: r.diagnosis?.strategy ?? null,
            timed_out: r.timedOut,
          }),
    })),
    ...(failure ? { failure } : {}),
    regression: { status: regression.status, regressions: regression.regressions },
    // The checks ran side by side: the attempt took this long, not the sum of their durations.
    duration_ms: Date.now() - started,
  });
}

/**
 * The checks' results on the tree a rollback restored (those of the evaluation before the fix), each
 * with the time its check took in this attempt's evaluation: the attempt spent it.
 */
function restoredRuns(restored: readonly CheckRun[], evaluated: readonly CheckRun[]): CheckRun[] {
  return restored.map((r) => ({
    ...r,
    durationMs: evaluated.find((e) => e.name === r.name)?.durationMs ?? 0,
  }));
}

/** A failing check's error as the attempt records it (the same-error rule compares these). */
function failureOf(ctx: RunContext, run: CheckRun): { check: string; output: string } {
  // The error itself (the analyzer's evidence), not the excerpt's last lines (maybe the tool's chatter).
  return {
    check: run.name,
    output: run.diagnosis ? errorText(run.diagnosis, ctx.catalogue, run.excerpt) : run.excerpt,
  };
}

const targetRun = (ctx: RunContext): CheckRun | undefined =>
  ctx.lastRuns.find((r) => !r.passed && r.name === ctx.target) ?? ctx.lastRuns.find((r) => !r.passed);

/**
 * Before the loop acts on a failure that needs an agent or a person, it turns to any other failing
 * check with a mechanical fix still to try; true when it did.
 */
export async function retarget(ctx: RunContext): Promise<boolean> {
  const failure = ctx.state.iterations.at(-1)?.failure;
  // Only a failing check's diagnosis gives way; a rejected fix or a regression is dealt with first.
  const fromCheck = failure?.source === 'evaluation' && failure.check === ctx.target;
  if (!fromCheck || ctx.state.phase !== 'FIX') return false;
  const next = nextMechanical(ctx);
  if (next === undefined) return false;
  const diagnosis = diagnosisOf(ctx, next);
  ctx.options.progress.info(
    `  ${next.name} failed too: ${diagnosis.pattern ?? 'no known pattern'}; its mechanical fix comes first (${ctx.target ?? 'the other failure'} waits)`,
  );
  ctx.target = next.name;
  remember(ctx, diagnosis);
  await apply(ctx, { type: 'retargeted', at: ctx.now(), diagnosis, failure: failureOf(ctx, next) });
  return true;
}

/** Keeps where a failure was located, for the reports: the same places the progress lines named. */
function remember(ctx: RunContext, diagnosis: Diagnosis): void {
  if (diagnosis.pattern === null || diagnosis.locations.length === 0) return;
  const places = (ctx.located ??= {})[diagnosis.pattern] ?? [];
  for (const l of diagnosis.locations)
    if (!places.includes(`${l.file}:${l.line}`)) places.push(`${l.file}:${l.line}`);
  ctx.located[diagnosis.pattern] = places;
}

export async function analyze(ctx: RunContext): Promise<void> {
  const first = targetRun(ctx);
  const diagnosis =
    ctx.pendingDiagnosis ?? (first ? diagnosisOf(ctx, first) : analyzeText(ctx.catalogue, ''));
  ctx.pendingDiagnosis = null;
  const fromChecks = ctx.pendingSource === null;
  const failed =
    ctx.pendingSource ?? first?.name ?? ctx.state.iterations.at(-1)?.failure?.check ?? 'the change';
  ctx.pendingSource = null;
  ctx.options.progress.info(
    `  ${failed} failed: ${diagnosis.pattern ?? 'no known pattern'}${diagnosis.locations[0] ? ` at ${diagnosis.locations[0].file}:${diagnosis.locations[0].line}` : ''}`,
  );
  remember(ctx, diagnosis);
  // The loop works on one failing check at a time (mechanical fixes first); the others are named now.
  for (const other of ctx.lastRuns.filter((r) => fromChecks && !r.passed && r !== first)) {
    const d = other.diagnosis;
    ctx.options.progress.info(
      `  ${other.name} failed too: ${d?.pattern ?? 'no known pattern'}${d?.locations[0] ? ` at ${d.locations[0].file}:${d.locations[0].line}` : ''}; ${d?.strategy ?? 'a fix'} once ${failed} is dealt with`,
    );
  }
  if (diagnosis.pattern === null && first) {
    // Nothing recognised: show what the check said, and where the whole output is.
    for (const line of first.excerpt.trim().split('\n').slice(-5)) ctx.options.progress.info(`    │ ${line}`);
    ctx.options.progress.info(`    full output: ${fullOutput(ctx, first)}`);
  }
  await apply(ctx, { type: 'analyzed', at: ctx.now(), diagnosis });
}

/**
 * Where a failing check's whole output is. After a rollback the failure shown is the restored tree's
 * (an earlier attempt's log); this attempt's own run, of the rolled-back fix, is named beside it.
 */
function fullOutput(ctx: RunContext, run: CheckRun): string {
  const shown = (file: string): string => displayPath(ctx.options.cwd, file);
  const own = ctx.rolledBackRuns?.find((r) => r.name === run.name)?.logFile;
  return own === undefined || own === run.logFile
    ? shown(run.logFile)
    : `${shown(run.logFile)} (the tree the rollback restored); with the rolled-back fix: ${shown(own)}`;
}

export async function fix(ctx: RunContext, strategy: Strategy, delayMs: number | undefined): Promise<void> {
  const { cwd, progress, signal } = ctx.options;
  const diagnosis = ctx.state.pending_diagnosis;
  const failed = targetRun(ctx);
  const check = ctx.checks.find((c) => c.name === failed?.name) ?? null;
  if (!diagnosis) throw new Error('fix without a diagnosis');
  if (failed && (strategy === 'auto_fix' || strategy === 'dependency_check'))
    markWorked(ctx, failed, diagnosis);
  const agentCommand = ctx.options.agent ?? ctx.config.agent.command;
  const usesAgent =
    (strategy === 'analyze_then_fix' || strategy === 'context_expand') && Boolean(agentCommand?.trim());
  const overBudget = usesAgent ? agentBudgetExceeded(ctx.agentSpent, ctx.config.agent) : null;
  if (overBudget !== null) {
    await apply(ctx, {
      type: 'escalated',
      at: ctx.now(),
      reason: `${overBudget}; spent: ${describeAgentSpent(ctx.agentSpent, ctx.config.agent)}`,
    });
    return;
  }
  ctx.snapshot = await takeSnapshot(cwd);
  await recordUnfinishedFix(ctx.stateDir, ctx.snapshot);
  progress.info(`▸ fix: ${strategy}${delayMs ? ` after ${seconds(delayMs)}` : ''}`);
  const started = Date.now();
  const outcome = await runStrategy(strategy, {
    cwd,
    stateDir: ctx.stateDir,
    taskId: ctx.state.task.id,
    diagnosis,
    check,
    config: ctx.config,
    configFile: ctx.configFile,
    project: ctx.project,
    output: failed?.excerpt,
    workspaces: ctx.workspaces,
    workspaceFiles: failed?.workspaceFiles,
    agentCommand,
    agentHint: ctx.options.agentHint,
    guidance: ctx.options.guidance,
    delayMs,
    signal,
    sleep: ctx.options.sleep,
    tried: ctx.state.attempts
      .filter((a) => a.strategy_used)
      .map(
        (a) =>
          `attempt ${a.attempt}: ${a.strategy_used} for ${a.pattern_matched ?? 'an unknown failure'} — ${a.action}`,
      ),
  });
  if (usesAgent) await recordAgentRun(ctx, Date.now() - started, outcome.output ?? '');
  if (signal?.aborted) {
    await undoUnfinishedFix(ctx, ctx.snapshot);
    await clearUnfinishedFix(ctx.stateDir);
    return;
  }
  const tooBig = usesAgent && outcome.applied ? await agentChangeSize(ctx) : null;
  if (tooBig !== null) {
    await rollback(cwd, ctx.snapshot);
    await clearUnfinishedFix(ctx.stateDir);
    await apply(ctx, { type: 'escalated', at: ctx.now(), reason: `${tooBig}; the change was rolled back` });
    return;
  }
  if (outcome.escalate) {
    await rollback(cwd, ctx.snapshot);
    await clearUnfinishedFix(ctx.stateDir);
    await apply(ctx, { type: 'escalated', at: ctx.now(), reason: outcome.escalate.reason });
    return;
  }
  if (!outcome.applied) {
    await rollback(cwd, ctx.snapshot);
    await clearUnfinishedFix(ctx.stateDir);
    progress.info(`  ✗ ${strategy} did not apply: ${outcome.action}`);
    const tail = (outcome.output ?? '').trim().split('\n').slice(-5);
    for (const line of tail) if (line) progress.info(`    │ ${line}`);
    await apply(ctx, {
      type: 'fix_failed',
      at: ctx.now(),
      strategy,
      error: outcome.output || outcome.action,
    });
    return;
  }
  progress.info(`  ${outcome.action}`);
  const files = committable(await changedSince(cwd, ctx.snapshot));
  await apply(ctx, {
    type: 'fixed',
    at: ctx.now(),
    strategy,
    fix_applied: outcome.action,
    files_modified: files,
    duration_ms: Date.now() - started,
  });
}

/** Counts one agent run against the budget and keeps its (masked) output in the attempt's logs. */
async function recordAgentRun(ctx: RunContext, ms: number, output: string): Promise<void> {
  ctx.agentSpent = {
    ...ctx.agentSpent,
    runs: ctx.agentSpent.runs + 1,
    durationMs: ctx.agentSpent.durationMs + ms,
  };
  const dir = `${ctx.logDir}/attempt-${ctx.state.attempts.length}`;
  await writeAtomic(`${dir}/agent.log`, output);
  ctx.options.progress.info(
    `  agent: ${describeAgentSpent(ctx.agentSpent, ctx.config.agent)}; output in ${displayPath(ctx.options.cwd, `${dir}/agent.log`)}`,
  );
}

/** Why the agent's change is over agent.max_files / agent.max_lines, or null. */
async function agentChangeSize(ctx: RunContext): Promise<string | null> {
  const { max_files: files, max_lines: lines } = ctx.config.agent;
  if ((files === undefined && lines === undefined) || !ctx.snapshot) return null;
  const stat = await diffStat(ctx.options.cwd, ctx.snapshot);
  return agentChangeTooBig(
    { files: stat.length, lines: stat.reduce((sum, f) => sum + f.added + f.removed, 0) },
    ctx.config.agent,
  );
}
