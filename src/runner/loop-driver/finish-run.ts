import { buildDeadLetter } from '../../core/dead-letter/build-dead-letter.js';
import { describeFailure } from '../../core/dead-letter/describe-failure.js';
import { findSimilarDeadLetters } from '../../core/dead-letter/find-similar-dead-letters.js';
import { parseDeadLetter } from '../../core/dead-letter/parse-dead-letter.js';
import {
  renderCandidatePattern,
  candidatePatternPath,
} from '../../core/dead-letter/render-candidate-pattern.js';
import { renderDeadLetter } from '../../core/dead-letter/render-dead-letter.js';
import type { DeadLetterSummary } from '../../core/dead-letter/dead-letter.js';
import type { Diagnosis } from '../../core/diagnosis.js';
import { computeMetrics } from '../../core/loop/compute-metrics.js';
import { LoopResultSchema, type LoopResult } from '../../core/loop-result.js';
import { renderAttemptsFile } from '../../core/report/render-attempts-file.js';
import { renderEscalation } from '../../core/report/render-escalation.js';
import { renderExecutionFailed } from '../../core/report/render-execution-failed.js';
import { renderStopBrief } from '../../core/report/render-stop-brief.js';
import { failingChecks, renderFailingChecks } from '../../core/report/failing-checks.js';
import { fixesMade, renderFixesMade } from '../../core/report/fixes-made.js';
import { workedOn } from '../../core/report/worked-on.js';
import { errorText } from '../../core/analyze/error-text.js';
import { headSha } from '../git/repo.js';
import { artifactPaths, readEarlierDeadLetters, writeAtomic, writeJsonAtomic } from './artifacts.js';
import { seconds } from './progress.js';
import { maskOutputDeep } from '../secrets/known-secrets.js';
import type { RunContext } from './run-context.js';
import { join } from 'node:path';
import { displayPath } from '../state-dir.js';
import { describeAgentSpent } from '../../core/strategies/agent-budget.js';
import { appendRunOutcome } from './run-outcomes.js';
import { runTotals } from './run-totals.js';
import { CLI_WORDS } from './driver-words.js';

const NO_DIAGNOSIS: Diagnosis = {
  pattern: null,
  category: 'unknown',
  confidence: 0,
  strategy: 'analyze_then_fix',
  retryable: true,
  locations: [],
  signature: 'unknown:none:00000000',
  evidence: null,
  alternatives: [],
};

/** Writes the seed's artifacts to the state folder, prints the verdict, and returns the run's result. */
export async function finishRun(ctx: RunContext): Promise<LoopResult> {
  const { state, options } = ctx;
  const { cwd, progress } = options;
  const paths = artifactPaths(ctx.stateDir, state.task.id);
  const finished = ctx.now();
  const patterns = ctx.catalogue.patterns.map((c) => c.pattern);
  const lastDiagnosis =
    [...state.iterations]
      .reverse()
      .map((_, i) => state.attempts[state.attempts.length - 1 - i])
      .find((a) => a?.pattern_matched) ?? null;
  // The check the loop was fixing; after a change refused at validation, still that check (not `validation`).
  const current = workedOn(state);
  const focusRun = ctx.lastRuns.find((r) => !r.passed && r.name === current.check);
  const finalDiagnosis =
    (current.refused ? focusRun?.diagnosis : undefined) ??
    state.pending_diagnosis ??
    ctx.lastRuns.find((r) => !r.passed)?.diagnosis ??
    null;
  const interrupted = options.signal?.aborted === true;
  const finalStatus = interrupted
    ? 'interrupted'
    : state.status === 'success'
      ? 'success'
      : state.status === 'escalated'
        ? 'escalated'
        : 'failed';

  await writeAtomic(
    paths.attempts,
    renderAttemptsFile(
      state.task.id,
      state.attempts,
      finalStatus === 'interrupted' ? 'failed' : finalStatus,
      state.started_at,
      finished,
    ),
  );
  await writeJsonAtomic(paths.metrics, computeMetrics(state));

  // Reports list the files of kept fixes only: a rolled-back change modified nothing.
  const reported = state.attempts.map((a) =>
    ctx.keptAttempts?.has(a.attempt) ? a : { ...a, files_modified: [] },
  );
  const failing = failingChecks(state);
  // The loop works on one failure at a time: every other failing check is named in the reports too.
  const failingSection =
    (failing.length > 1 ? `\n## Failing checks\n\n${renderFailingChecks(failing).join('\n')}\n` : '') +
    renderFixesMade(fixesMade(state, ctx.keptAttempts ?? new Set(), ctx.fixCommits));
  let deadLetter: string | null = null;
  let escalation: string | null = null;
  if (state.phase === 'DEAD_LETTER' && !interrupted) {
    const reason = state.dead_letter?.reason ?? 'retry_budget_exhausted';
    const diagnosis = finalDiagnosis ?? NO_DIAGNOSIS;
    const earlier = (await readEarlierDeadLetters(cwd, ctx.stateDir, state.task.id))
      .map(parseDeadLetter)
      .filter((d): d is DeadLetterSummary => d !== null);
    const current = describeFailure({
      taskId: state.task.id,
      originalTask: state.task.description,
      attempts: reported,
      finalDiagnosis: diagnosis,
      blockedAt: finished,
      blockedReason: reason,
    });
    const similar = findSimilarDeadLetters(current, earlier);
    const entry = buildDeadLetter({
      taskId: state.task.id,
      originalTask: state.task.description,
      attempts: reported,
      finalDiagnosis: diagnosis,
      blockedAt: finished,
      blockedReason: reason,
      patterns,
      similar,
    });
    deadLetter = renderDeadLetter(entry) + failingSection;
    await writeAtomic(paths.deadLetter, deadLetter);
    if (entry.candidate)
      await writeAtomic(
        join(ctx.stateDir, candidatePatternPath(entry.candidate)),
        renderCandidatePattern(entry.candidate, [], ctx.configFile),
      );
    progress.report?.(
      'the dead-letter report',
      renderExecutionFailed({
        taskId: state.task.id,
        attempts: reported,
        finalDiagnosis: diagnosis,
        patterns,
        blockedReason: reason,
      }) + failingSection,
    );
  } else if (state.phase === 'ESCALATE') {
    escalation =
      renderEscalation({
        taskId: state.task.id,
        reason: state.escalation_reason ?? 'escalated',
        attempts: reported,
        finalDiagnosis: finalDiagnosis ?? NO_DIAGNOSIS,
        patterns,
        agentHint: options.agentHint,
        retry: (options.words ?? CLI_WORDS).retry,
        configFile: ctx.configFile,
        ...(ctx.located ? { located: ctx.located } : {}),
        check: current.check,
      }) + failingSection;
    await writeAtomic(paths.escalation, escalation);
    progress.report?.('the escalation report', escalation);
  }

  // A run `closed-loop resume` continued is one run: result.json counts its earlier parts too.
  const totals = runTotals(ctx, finished);
  const resumed = options.resumed;
  // After a success there is no final diagnosis: the result names the last failure the loop dealt with.
  const pattern = finalDiagnosis?.pattern ?? lastDiagnosis?.pattern_matched ?? null;
  // Masked by value as it is made: every driver renders and publishes this object, never the raw facts.
  const result = maskOutputDeep(
    LoopResultSchema.parse({
      version: 1,
      task_id: state.task.id,
      status: finalStatus,
      reason: interrupted
        ? `interrupted (Ctrl-C): the running check was stopped${ctx.undoneOnInterrupt ? ' and the unfinished fix rolled back' : ''}`
        : (state.escalation_reason ??
          (state.dead_letter
            ? `${state.dead_letter.reason}${state.dead_letter.detail ? `: ${state.dead_letter.detail}` : ''}`
            : null)),
      attempts: totals.attempts,
      pattern,
      category: finalDiagnosis?.category ?? patterns.find((p) => p.id === pattern)?.category ?? null,
      signature: finalDiagnosis?.signature ?? lastDiagnosis?.signature ?? null,
      strategies: totals.strategies,
      checks: ctx.lastRuns.map((r) => ({
        name: r.name,
        passed: r.passed,
        timed_out: r.timedOut,
        duration_ms: Math.round(r.durationMs),
      })),
      failing_checks: failing,
      diagnosis: finalDiagnosis,
      fix_commits: totals.fix_commits,
      head: { start: resumed ? resumed.startSha : ctx.startSha, end: await headSha(cwd) },
      files_modified: totals.files_modified,
      reports: { dead_letter: deadLetter, escalation },
      history: state.attempts,
      // The run's first start; its duration is the parts' own time, without the time between them.
      started_at: resumed?.startedAt ?? state.started_at,
      finished_at: finished,
      duration_ms: totals.duration_ms,
      agent: totals.agent,
    }),
  );
  await writeJsonAtomic(paths.result, result);
  if (!interrupted) await appendRunOutcome(ctx.stateDir, state, finished, options.resumed);
  const focus = current.check ?? failing[0]?.name;
  const brief: string[] =
    result.status === 'failed' || result.status === 'escalated'
      ? renderStopBrief({
          failed: focus ?? null,
          diagnosis: finalDiagnosis ?? NO_DIAGNOSIS,
          // The check's own error on the tree as it is (an attempt's error may be a rolled-back fix's).
          lastError: focusRun?.diagnosis
            ? errorText(focusRun.diagnosis, ctx.catalogue, focusRun.excerpt)
            : (current.error ?? [...state.attempts].reverse().find((a) => a.error)?.error ?? null),
          pattern: patterns.find((p) => p.id === (finalDiagnosis?.pattern ?? pattern)),
          strategies: result.strategies,
          othersFailing: failing.filter((c) => c.name !== focus).map((c) => c.name),
          refused: current.refused,
        })
      : [];
  const spent =
    ctx.agentSpent.runs > 0 ? `  spent: ${describeAgentSpent(ctx.agentSpent, ctx.config.agent)}` : null;
  // A stopped run ends with its report's path; a finished one with what the agent cost.
  if (spent !== null && brief.length > 0) brief.push(spent);
  const sinceResume = resumed ? state.attempts.length : null;
  (progress.verdict ?? progress.info)(
    verdict(result, (file) => displayPath(cwd, file), paths, brief, sinceResume),
  );
  if (spent !== null && brief.length === 0) progress.info(spent);
  return result;
}

function verdict(
  r: LoopResult,
  shown: (file: string) => string,
  paths: ReturnType<typeof artifactPaths>,
  brief: readonly string[],
  /** A resumed run's attempts since the resume (r.attempts counts every part's); null otherwise. */
  sinceResume: number | null,
): string {
  const between = brief.map((line) => `\n${line}`).join('');
  const attempts = `${r.attempts} attempt(s)${sinceResume === null ? '' : ` (${sinceResume} since the resume)`}`;
  const fixes =
    r.fix_commits.length > 0
      ? `; ${r.fix_commits.length} fix commit(s): ${r.fix_commits.map((c) => c.sha.slice(0, 7)).join(', ')}`
      : '';
  if (r.status === 'interrupted')
    return `■ interrupted after ${attempts}: the running check was stopped; nothing half-done was kept${fixes}`;
  if (r.status === 'success') return `✔ success after ${attempts} in ${seconds(r.duration_ms)}${fixes}`;
  if (r.status === 'escalated')
    return `⚠ escalated after ${attempts}: ${r.reason}${fixes}${between}\n  report: ${shown(paths.escalation)}`;
  return `✘ dead letter after ${attempts}: ${r.reason}${fixes}${between}\n  report: ${shown(paths.deadLetter)}`;
}
