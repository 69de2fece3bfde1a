import type { LoopResult } from '../loop-result.js';

/**
 * What a run's result counts over its parts: one part, or several when `closed-loop resume` continued it
 * (each part is a loop of its own, numbering its attempts from 1, as its fix commits' messages say).
 */
export interface RunTotals {
  attempts: number;
  /** The parts' own time: the time between them (a person fixing what blocked the run) is no part's. */
  duration_ms: number;
  /** Oldest first; each with its own part's attempt number. */
  fix_commits: LoopResult['fix_commits'];
  strategies: LoopResult['strategies'];
  files_modified: string[];
  agent: { runs: number; duration_ms: number };
}

/** LoopResult's bounds: the newest are kept. */
const MAX_FIX_COMMITS = 100;
const MAX_STRATEGIES = 100;

/** The run so far (`before`, null for a run's first part) with one more part. */
export function addRunPart(before: RunTotals | null, part: RunTotals): RunTotals {
  if (before === null) return part;
  return {
    attempts: before.attempts + part.attempts,
    duration_ms: before.duration_ms + part.duration_ms,
    fix_commits: [...before.fix_commits, ...part.fix_commits].slice(-MAX_FIX_COMMITS),
    strategies: [...before.strategies, ...part.strategies].slice(-MAX_STRATEGIES),
    files_modified: [...new Set([...before.files_modified, ...part.files_modified])],
    agent: {
      runs: before.agent.runs + part.agent.runs,
      duration_ms: before.agent.duration_ms + part.agent.duration_ms,
    },
  };
}
