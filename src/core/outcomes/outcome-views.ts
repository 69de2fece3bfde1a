import {
  deadLetterRows,
  outcomeCandidates,
  type DeadLetterRow,
  type PatternCandidate,
} from './outcome-candidates.js';
import { fixFates, type FixSummary } from './fix-fates.js';
import { flakyFigures, gateWaits, type FlakyJob, type GateWait } from './flaky-figures.js';
import type { OutcomeEvent } from './outcome-event.js';
import { patternFigures, type OuterLoopSettings, type PatternFigures } from './pattern-figures.js';
import { patternTrend, type TrendPoint } from './pattern-trend.js';
import { prsByStage, type OpenPr } from './prs-by-stage.js';
import { serverOrigins } from './server-origins.js';
import { summarizeLoops, type LoopSummary } from './summarize-loops.js';

/** Everything the dashboard shows, computed from the recorded events of the repositories in view. */
export interface OutcomeViews {
  loops: LoopSummary[];
  patterns: PatternFigures[];
  byStrategy: PatternFigures[];
  trend: { period: 'day' | 'week'; series: { pattern: string; points: TrendPoint[] }[] };
  stages: { stage: string; prs: OpenPr[] }[];
  gates: GateWait[];
  flaky: FlakyJob[];
  fixes: FixSummary[];
  deadLetters: DeadLetterRow[];
  candidates: PatternCandidate[];
  /** Each repository's GitHub web origin (lower-cased repository), where its pull requests are linked. */
  servers: Record<string, string>;
}

export function outcomeViews(events: readonly OutcomeEvent[], settings: OuterLoopSettings): OutcomeViews {
  const loops = summarizeLoops(events);
  const fixes = fixFates(events);
  const { patterns, byStrategy } = patternFigures(
    { loops, reruns: events.filter((e) => e.kind === 'rerun'), fixes },
    settings,
  );
  return {
    loops,
    patterns,
    byStrategy,
    trend: patternTrend(loops),
    stages: prsByStage(events, loops),
    gates: gateWaits(events),
    flaky: flakyFigures(events),
    fixes: [...fixes].sort((a, b) => b.committed_at.localeCompare(a.committed_at)),
    deadLetters: deadLetterRows(events),
    candidates: outcomeCandidates(events),
    servers: serverOrigins(events),
  };
}
