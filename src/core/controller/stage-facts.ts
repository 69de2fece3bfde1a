import type { Gate } from '../vocabulary.js';

/** What decides a pull request's stage: read from GitHub (the App), or the loop's result (the Action). */
export interface StageFacts {
  pr: { open: boolean; merged: boolean; draft: boolean; headSha: string };
  /**
   * The check runs on the head other than closed-loop's own: names of the failed and the running ones, and
   * how many passed. null when the driver cannot see them (the Action alone judges by its own checks).
   */
  checks: { failed: readonly string[]; running: readonly string[]; passed: number } | null;
  /** The loop's standing on this pull request (its last CI result, and whether a person resumed it). */
  loop: 'none' | 'running' | 'success' | 'blocked' | 'resumed' | 'dead_letter' | 'interrupted';
  /** Why the loop stopped, when it did. */
  loopReason?: string;
  /** The App's diagnosis of the newest red run on this head without the Action, when there is one. */
  ci: { gate: 'failed' | 'running' | 'passed'; blocked: boolean; title: string } | null;
  /** The head is a fix commit the loop made: CI checking it is the loop's retry. */
  headIsLoopFix: boolean;
  /** The human gates this change needs; `missing` says whose approval a pending gate waits for. */
  gates: readonly { gate: Gate; pending: boolean; missing: string }[];
  /** The acceptance criteria as last verified on this head; null when they were not verified on it. */
  criteria: { total: number; unmet: readonly string[] } | null;
}
