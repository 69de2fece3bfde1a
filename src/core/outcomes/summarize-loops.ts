import { FAILED, SUCCEEDED, type OutcomeEvent } from './outcome-event.js';

/** One loop as its events tell it: where it ended, how long the pull request took to get green. */
export interface LoopSummary {
  installation: number;
  repo: string;
  pr: number | null;
  loop: string;
  workflow: string | null;
  /** The pattern it dealt with (the last one named); null: not recognised. */
  pattern: string | null;
  /** The strategy the loop applied last; null: none (a red run the App only diagnosed). */
  strategy: string | null;
  /** The last outcome recorded (a re-run's rescue after its `rerun`). */
  outcome: string;
  /** success or rescued; false for escalated, dead_letter, held; null while pending (rerun, interrupted). */
  succeeded: boolean | null;
  /** The most attempts any of its events counted. */
  attempts: number;
  started_at: string;
  ended_at: string;
  /** From the loop's first red run to the next green one of its pull request (same workflow), if any. */
  time_to_green_ms: number | null;
}

const ms = (iso: string): number => Date.parse(iso);

/** Pending outcomes sort before decided ones at the same time: the decision is the later fact. */
const rank = (outcome: string): number => (SUCCEEDED.has(outcome) || FAILED.has(outcome) ? 1 : 0);

/**
 * The loops in `events` (kind `loop`, grouped by repository and loop id), each with its final outcome, and
 * its time to green from the `green` events (or its own rescue).
 */
export function summarizeLoops(events: readonly OutcomeEvent[]): LoopSummary[] {
  const groups = new Map<string, OutcomeEvent[]>();
  for (const e of events) {
    if (e.kind !== 'loop' || e.loop === null) continue;
    const id = `${e.repo.toLowerCase()}\n${e.loop}`;
    groups.set(id, [...(groups.get(id) ?? []), e]);
  }
  const greens = events.filter((e) => e.kind === 'green');
  const loops: LoopSummary[] = [];
  for (const group of groups.values()) {
    const sorted = [...group].sort((a, b) => ms(a.at) - ms(b.at) || rank(a.outcome) - rank(b.outcome));
    const first = sorted[0]!;
    const last = sorted.at(-1)!;
    const named = <K extends 'pattern' | 'strategy' | 'workflow' | 'pr'>(k: K) =>
      sorted.reduce<OutcomeEvent[K] | null>((found, e) => e[k] ?? found, null);
    const workflow = named('workflow');
    const pr = named('pr');
    const start = ms(first.at);
    const rescued = sorted.find((e) => e.outcome === 'rescued');
    const green = greens
      .filter(
        (g) =>
          g.repo.toLowerCase() === first.repo.toLowerCase() &&
          g.pr !== null &&
          g.pr === pr &&
          (workflow === null || g.workflow === null || g.workflow === workflow) &&
          ms(g.at) > start,
      )
      .map((g) => ms(g.at));
    const greenAt = Math.min(...green, rescued ? ms(rescued.at) : Infinity);
    loops.push({
      installation: first.installation,
      repo: first.repo,
      pr,
      loop: first.loop!,
      workflow,
      pattern: named('pattern'),
      strategy: named('strategy'),
      outcome: last.outcome,
      succeeded: SUCCEEDED.has(last.outcome) ? true : FAILED.has(last.outcome) ? false : null,
      attempts: Math.max(0, ...sorted.map((e) => e.attempts ?? 0)),
      started_at: first.at,
      ended_at: last.at,
      time_to_green_ms: Number.isFinite(greenAt) ? greenAt - start : null,
    });
  }
  return loops.sort((a, b) => ms(a.started_at) - ms(b.started_at));
}
