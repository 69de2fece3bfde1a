import type { Config } from '../../core/config/schema.js';
import { decideDemotion, type Demotion } from '../../core/outcomes/decide-demotion.js';
import { SUCCEEDED, FAILED, type OutcomeEvent } from '../../core/outcomes/outcome-event.js';
import { stageEvent, type StageChange } from '../../core/outcomes/outcome-events-for.js';
import { fixFates } from '../../core/outcomes/fix-fates.js';
import { patternFigures, UNRECOGNISED } from '../../core/outcomes/pattern-figures.js';
import { summarizeLoops } from '../../core/outcomes/summarize-loops.js';
import type { OutcomeStore } from './outcome-store.js';

/** What /metrics counts of the outcomes recorded (each once, as the database keeps it). */
export interface OutcomeObserver {
  loopOutcome(labels: { repository: string; pattern: string; strategy: string; outcome: string }): void;
  timeToGreen(labels: { repository: string; pattern: string }, seconds: number): void;
}

/**
 * The handlers' side of the outcome history. It never fails a delivery: the database holds history
 * only, so when it cannot be reached the pull request is still handled and the fact is logged as lost.
 */
export interface OutcomeRecorder {
  record(events: readonly OutcomeEvent[]): Promise<void>;
  /** A pull request's stage changed (opened, merged, closed; the stage machine's stages). */
  recordStage(change: StageChange): Promise<void>;
  /** Whether the repository's figures demote this fix's strategy for its pattern. */
  demotion(
    repo: string,
    fix: { pattern: string | null; strategy: string },
    settings: Config['outer_loop'],
  ): Promise<Demotion>;
  /** Which of `shas` are the loop's fix commits or merge commits in `repo`. */
  knownShas(repo: string, shas: readonly string[]): Promise<string[]>;
}

/** Records nothing: the set-up page, and handler tests that do not look at the history. */
export const NO_OUTCOMES: OutcomeRecorder = {
  record: () => Promise.resolve(),
  recordStage: () => Promise.resolve(),
  demotion: () => Promise.resolve({ demoted: false, why: null }),
  knownShas: () => Promise.resolve([]),
};

const DAY = 86_400_000;
const since = (at: string, days: number): string => new Date(Date.parse(at) - days * DAY).toISOString();

export function createOutcomeRecorder(
  store: OutcomeStore,
  observer: OutcomeObserver,
  warn: (line: string) => void,
): OutcomeRecorder {
  const lost = (what: string, error: unknown): void =>
    warn(
      `outcome history: ${what} not recorded (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); the dashboard's figures miss it`,
    );

  /** Times to green ended by these new events (a green run, a rescue), for the histogram. */
  async function observeGreens(added: readonly OutcomeEvent[]): Promise<void> {
    const ends = added.filter((e) => (e.kind === 'green' || e.outcome === 'rescued') && e.kind !== 'rerun');
    for (const end of ends) {
      if (end.pr === null) continue;
      const events = await store.events({ repos: [end.repo], since: since(end.at, 90) });
      // A rescue whose green run was recorded too (the same moment) was counted with the green run.
      const counted = (e: OutcomeEvent) =>
        e.kind === 'green' && e.pr === end.pr && Date.parse(e.at) === Date.parse(end.at);
      if (end.kind === 'loop' && events.some(counted)) continue;
      for (const loop of summarizeLoops(events.filter((e) => e.pr === end.pr)))
        if (
          loop.time_to_green_ms !== null &&
          Date.parse(loop.started_at) + loop.time_to_green_ms === Date.parse(end.at)
        )
          observer.timeToGreen(
            { repository: end.repo, pattern: loop.pattern ?? UNRECOGNISED },
            loop.time_to_green_ms / 1000,
          );
    }
  }

  async function record(events: readonly OutcomeEvent[]): Promise<void> {
    if (events.length === 0) return;
    try {
      const added = await store.record(events);
      for (const e of added)
        if (e.kind === 'loop' && (SUCCEEDED.has(e.outcome) || FAILED.has(e.outcome)))
          observer.loopOutcome({
            repository: e.repo,
            pattern: e.pattern ?? UNRECOGNISED,
            strategy: e.strategy ?? 'none',
            outcome: e.outcome,
          });
      await observeGreens(added);
    } catch (error) {
      lost(events.map((e) => e.key).join(', '), error);
    }
  }

  return {
    record,
    recordStage: (change) => record([stageEvent(change)]),
    async demotion(repo, fix, settings) {
      try {
        const events = await store.events({
          repos: [repo],
          since: since(new Date().toISOString(), settings.window_days),
        });
        const { byStrategy } = patternFigures(
          {
            loops: summarizeLoops(events),
            reruns: events.filter((e) => e.kind === 'rerun'),
            fixes: fixFates(events),
          },
          settings,
        );
        return decideDemotion(byStrategy, fix, settings);
      } catch (error) {
        lost(`(the figures for ${repo} could not be read, so no demotion applies)`, error);
        return { demoted: false, why: null };
      }
    },
    async knownShas(repo, shas) {
      try {
        return await store.knownShas(repo, shas);
      } catch (error) {
        lost(`reverts of ${shas.length} commit(s) in ${repo}`, error);
        return [];
      }
    },
  };
}
