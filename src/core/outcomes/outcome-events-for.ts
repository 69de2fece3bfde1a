import { parseDeadLetter } from '../dead-letter/parse-dead-letter.js';
import type { DeadLetterSummary } from '../dead-letter/dead-letter.js';
import type { RequiredGate } from '../gates/required-gates.js';
import type { GateState } from '../gates/gate-state.js';
import type { LoopResult } from '../loop-result.js';
import type { Config } from '../config/schema.js';
import { loopResultOutcome, outcomeEvent, type EventBase, type OutcomeEvent } from './outcome-event.js';

/** A completed workflow run as the events name it. */
export interface RunMoment {
  id: number;
  attempt: number;
  workflow: string | null;
  /** When it completed (the run's `updated_at`). */
  at: string;
}

const loopId = (run: RunMoment): string => `run:${run.id}`;
const baseKey = (base: EventBase): string => `${base.repo}#${base.pr ?? '-'}`;

/** A green run of a pull request: the end of its loops' time to green. */
export function greenEvent(base: EventBase, run: RunMoment): OutcomeEvent {
  return outcomeEvent(base, {
    key: `green:${base.repo}:${run.id}:${run.attempt}`,
    kind: 'green',
    outcome: 'green',
    at: run.at,
    workflow: run.workflow,
    loop: loopId(run),
  });
}

/**
 * The Action's LoopResult as a loop outcome (with its dead letter's summary, for pattern candidates). A
 * result that found nothing red (success after no attempt) is a green run, not a loop.
 */
export function loopResultEvents(
  base: EventBase,
  run: RunMoment,
  result: LoopResult,
  settings: Config['outer_loop'],
): OutcomeEvent[] {
  if (result.status === 'success' && result.attempts === 0) return [greenEvent(base, run)];
  const deadLetter = result.reports.dead_letter === null ? null : parseDeadLetter(result.reports.dead_letter);
  const strategy = result.fix_commits.at(-1)?.strategy ?? result.strategies.at(-1) ?? null;
  return [
    outcomeEvent(base, {
      key: `loop:${base.repo}:${run.id}:${run.attempt}`,
      kind: 'loop',
      outcome: loopResultOutcome(result.status),
      at: run.at,
      loop: loopId(run),
      workflow: run.workflow,
      pattern: result.pattern,
      strategy,
      attempts: result.attempts,
      detail: {
        outer_loop: settings,
        ...(result.reason === null ? {} : { why: result.reason.slice(0, 500) }),
        ...(deadLetter === null ? {} : { dead_letter: deadLetter }),
      },
    }),
  ];
}

export interface RedRunOutcome {
  verdict: 'rerun' | 'not_transient' | 'mechanical' | 'deep' | 'held' | 'flaky';
  why: string;
  pattern: string | null;
  /** The failure's summary, when nothing fixes it (pattern candidates). */
  summary: DeadLetterSummary | null;
  /** An earlier attempt of this run was red and re-run: this attempt tells whether the re-run rescued it. */
  afterRerun: boolean;
  /** The failed jobs and the tests their logs named (a rescue makes them flaky). */
  jobs: { job: string; tests: string[] }[];
}

/** A red run the App diagnosed without the Action (or its green re-run), and what its re-run did. */
export function redRunEvents(
  base: EventBase,
  run: RunMoment,
  red: RedRunOutcome,
  settings: Config['outer_loop'],
): OutcomeEvent[] {
  const outcome =
    red.verdict === 'rerun'
      ? 'rerun'
      : red.verdict === 'flaky'
        ? 'rescued'
        : red.verdict === 'held'
          ? 'held'
          : 'escalated';
  const common = { at: run.at, loop: loopId(run), workflow: run.workflow, pattern: red.pattern };
  const events = [
    outcomeEvent(base, {
      ...common,
      key: `loop:${base.repo}:${run.id}:${run.attempt}`,
      kind: 'loop',
      outcome,
      strategy: red.verdict === 'rerun' || red.afterRerun ? 'retry_with_backoff' : null,
      attempts: run.attempt,
      detail: {
        outer_loop: settings,
        why: red.why.slice(0, 500),
        ...(red.summary === null ? {} : { dead_letter: red.summary }),
      },
    }),
  ];
  if (red.afterRerun)
    events.push(
      outcomeEvent(base, {
        ...common,
        key: `rerun:${base.repo}:${run.id}:${run.attempt}`,
        kind: 'rerun',
        outcome: red.verdict === 'flaky' ? 'rescued' : 'not_rescued',
        strategy: 'retry_with_backoff',
        attempts: run.attempt,
        detail: red.verdict === 'flaky' ? { jobs: red.jobs.slice(0, 50) } : null,
      }),
    );
  return events;
}

/**
 * A fix commit the App made (or proposed as suggested changes) for a loop: one event per distinct
 * pattern and strategy it carries. The App squashes the run's fix commits into one, so a commit fixing
 * a lint error and a format error counts for both patterns, and its fate (a revert, an undo) with them.
 * The first keeps the key it always had, so a redelivery records nothing twice.
 */
export function fixEvents(
  base: EventBase,
  fix: {
    runId: number;
    sha: string | null;
    fixes: readonly { pattern: string | null; strategy: string }[];
    at: string;
  },
): OutcomeEvent[] {
  const key = fix.sha === null ? `fix:${base.repo}:proposed:${fix.runId}` : `fix:${base.repo}:${fix.sha}`;
  const distinct = new Map(fix.fixes.map((f) => [`${f.pattern ?? ''}\n${f.strategy}`, f]));
  return [...distinct.values()].map((f, i) =>
    outcomeEvent(base, {
      key: i === 0 ? key : `${key}#${i + 1}`,
      kind: 'fix',
      outcome: fix.sha === null ? 'proposed' : 'committed',
      at: fix.at,
      loop: `run:${fix.runId}`,
      pattern: f.pattern,
      strategy: f.strategy,
      sha: fix.sha,
    }),
  );
}

/** A fix commit undone (`/close-loop undo`) or reverted by a person (`This reverts commit …`). */
export function fixFateEvent(
  base: EventBase,
  fate: { outcome: 'undone' | 'reverted'; sha: string; by: string; at: string },
): OutcomeEvent {
  return outcomeEvent(base, {
    key: `fate:${base.repo}:${fate.outcome}:${fate.sha}:${fate.by}`,
    kind: 'fix_fate',
    outcome: fate.outcome,
    at: fate.at,
    sha: fate.sha,
  });
}

/** A stage change of a pull request (the stage machine's; COMPLETE carries the merge commit). */
export interface StageChange extends EventBase {
  stage: string;
  at: string;
  /**
   * Unique per change, so a redelivery records it once; by default the pull request, the stage and when
   * it was entered (`owner/repo#12:SHIP:<at>`).
   */
  key?: string;
  sha?: string | null;
  title?: string;
  url?: string;
}

export function stageEvent(change: StageChange): OutcomeEvent {
  const { stage, at, key, sha, title, url, ...base } = change;
  return outcomeEvent(base, {
    key: `stage:${key ?? `${baseKey(base)}:${stage}:${at}`}`,
    kind: 'stage',
    outcome: stage,
    at,
    sha: sha ?? null,
    detail: {
      ...(title === undefined ? {} : { title: title.slice(0, 300) }),
      ...(url === undefined ? {} : { url: url.slice(0, 500) }),
    },
  });
}

/**
 * The human gates a pull request waits for: each needed gate (by its fingerprint, first seen `now`) and
 * its approval or skip (at the time recorded in the signed state).
 */
export function gateEvents(
  base: EventBase,
  required: readonly RequiredGate[],
  gates: GateState,
  now: string,
): OutcomeEvent[] {
  return required.flatMap((g) => {
    const key = `gate:${baseKey(base)}:${g.gate}:${g.fingerprint}`;
    const answer =
      gates.approvals.find((a) => a.gate === g.gate && a.fingerprint === g.fingerprint) ??
      gates.skips.find((s) => s.gate === g.gate && s.fingerprint === g.fingerprint);
    const asked = outcomeEvent(base, {
      key: `${key}:needed`,
      kind: 'gate',
      outcome: 'needed',
      at: answer !== undefined && answer.at < now ? answer.at : now,
      sha: g.fingerprint,
      detail: { gate: g.gate },
    });
    if (answer === undefined) return [asked];
    return [
      asked,
      outcomeEvent(base, {
        key: `${key}:answered`,
        kind: 'gate',
        outcome: 'via' in answer ? 'approved' : 'skipped',
        at: answer.at,
        sha: g.fingerprint,
        detail: { gate: g.gate },
      }),
    ];
  });
}
