import type { OutcomeEvent } from './outcome-event.js';
import type { LoopSummary } from './summarize-loops.js';

/** Stages that end a pull request's life: it is no longer open. */
const ENDED_STAGES: ReadonlySet<string> = new Set(['COMPLETE', 'ENDED']);

export interface OpenPr {
  repo: string;
  pr: number;
  title: string | null;
  url: string | null;
  stage: string;
  /** Since when it is in this stage. */
  since: string;
  /** Its latest loop's outcome and pattern, if a loop ran. */
  last_loop: { outcome: string; pattern: string | null; at: string } | null;
}

/**
 * The open pull requests by their latest recorded stage (the stage machine's, recordStage), each with its
 * latest loop; stages in order of appearance of their first PR, PRs newest first.
 */
export function prsByStage(
  events: readonly OutcomeEvent[],
  loops: readonly LoopSummary[],
): { stage: string; prs: OpenPr[] }[] {
  const latest = new Map<string, OutcomeEvent>();
  for (const e of events) {
    if (e.kind !== 'stage' || e.pr === null) continue;
    const id = `${e.repo.toLowerCase()}#${e.pr}`;
    const seen = latest.get(id);
    if (seen === undefined || Date.parse(e.at) >= Date.parse(seen.at)) latest.set(id, e);
  }
  const open = [...latest.values()]
    .filter((e) => !ENDED_STAGES.has(e.outcome))
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  const groups = new Map<string, OpenPr[]>();
  for (const e of open) {
    const loop = loops.filter((l) => l.repo.toLowerCase() === e.repo.toLowerCase() && l.pr === e.pr).at(-1);
    const titled = events.find(
      (x) => x.kind === 'stage' && x.repo === e.repo && x.pr === e.pr && x.detail?.title !== undefined,
    );
    groups.set(e.outcome, [
      ...(groups.get(e.outcome) ?? []),
      {
        repo: e.repo,
        pr: e.pr!,
        title: titled?.detail?.title ?? null,
        url: titled?.detail?.url ?? null,
        stage: e.outcome,
        since: e.at,
        last_loop: loop ? { outcome: loop.outcome, pattern: loop.pattern, at: loop.ended_at } : null,
      },
    ]);
  }
  return [...groups].map(([stage, prs]) => ({ stage, prs }));
}
