import type { FixFate, OutcomeEvent } from './outcome-event.js';

/** A fix commit the loop made on a pull request, and what became of it. */
export interface FixSummary {
  installation: number;
  repo: string;
  pr: number | null;
  sha: string;
  pattern: string | null;
  strategy: string | null;
  committed_at: string;
  /**
   * kept: on the open pull request; undone: `/close-loop undo`; reverted: a person reverted it on the
   * branch; merged: the pull request merged with it; reverted_after_merge: reverted on the default branch
   * after the merge (it, or the pull request's merge commit); abandoned: the pull request closed unmerged.
   */
  fate: FixFate;
  /** When its fate was sealed (the undo, the revert, the merge); null while kept. */
  fate_at: string | null;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The committed fixes in `events` (kind `fix`, outcome `committed`) with their fates. */
export function fixFates(events: readonly OutcomeEvent[]): FixSummary[] {
  // One per commit and pattern: a commit carrying several fixes (the App squashes a run's) is one per fix.
  const fixes = new Map<string, OutcomeEvent>();
  for (const e of events)
    if (e.kind === 'fix' && e.outcome === 'committed' && e.sha !== null) {
      const key = `${e.repo.toLowerCase()}\n${e.sha}\n${e.pattern ?? ''}\n${e.strategy ?? ''}`;
      fixes.set(key, fixes.get(key) ?? e);
    }
  const fates = events.filter((e) => e.kind === 'fix_fate' && e.sha !== null);
  const stages = events.filter(
    (e) => e.kind === 'stage' && (e.outcome === 'COMPLETE' || e.outcome === 'ENDED'),
  );
  return [...fixes.values()].map((fix): FixSummary => {
    const mine = (e: OutcomeEvent) => same(e.repo, fix.repo);
    const base = {
      installation: fix.installation,
      repo: fix.repo,
      pr: fix.pr,
      sha: fix.sha!,
      pattern: fix.pattern,
      strategy: fix.strategy,
      committed_at: fix.at,
    };
    const undone = fates.find((e) => mine(e) && e.outcome === 'undone' && e.sha === fix.sha);
    if (undone) return { ...base, fate: 'undone', fate_at: undone.at };
    const ended = stages.find((e) => mine(e) && e.pr !== null && e.pr === fix.pr);
    const merged = ended?.outcome === 'COMPLETE' ? ended : undefined;
    const reverts = fates.filter(
      (e) =>
        mine(e) &&
        e.outcome === 'reverted' &&
        (e.sha === fix.sha || (merged?.sha != null && e.sha === merged.sha)),
    );
    const before = reverts.find((e) => merged === undefined || Date.parse(e.at) <= Date.parse(merged.at));
    if (before && before.sha === fix.sha) return { ...base, fate: 'reverted', fate_at: before.at };
    if (merged) {
      const after = reverts.find((e) => Date.parse(e.at) > Date.parse(merged.at));
      return after
        ? { ...base, fate: 'reverted_after_merge', fate_at: after.at }
        : { ...base, fate: 'merged', fate_at: merged.at };
    }
    if (ended) return { ...base, fate: 'abandoned', fate_at: ended.at };
    return { ...base, fate: 'kept', fate_at: null };
  });
}
