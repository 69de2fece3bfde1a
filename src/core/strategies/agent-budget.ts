import type { Config } from '../config/schema.js';

/** What the agent has used: runs and time, in this task and on the pull request before this run. */
export interface AgentSpent {
  runs: number;
  durationMs: number;
  /** Runs on the pull request in earlier CI runs (from its sticky comment's memory). */
  earlierRuns: number;
}

/** `2 agent runs, 1m 4s (at most 5 a task, 20 on the pull request)` for reports. */
export function describeAgentSpent(
  spent: Pick<AgentSpent, 'runs' | 'durationMs'>,
  agent: Config['agent'],
): string {
  const secs = Math.round(spent.durationMs / 1000);
  const time = secs >= 60 ? `${Math.floor(secs / 60)}m ${secs % 60}s` : `${secs}s`;
  return `${spent.runs} agent run(s), ${time} (at most ${agent.max_runs.per_task} a task, ${agent.max_runs.per_pull_request} on a pull request, ${agent.timeout}s each)`;
}

/** Why the agent may not run again, or null when it may. */
export function agentBudgetExceeded(spent: AgentSpent, agent: Config['agent']): string | null {
  const { per_task: perTask, per_pull_request: perPr } = agent.max_runs;
  if (spent.runs >= perTask)
    return `the agent budget is spent: ${spent.runs} of at most ${perTask} agent runs for this task (agent.max_runs.per_task)`;
  if (spent.earlierRuns + spent.runs >= perPr) {
    return `the agent budget is spent: ${spent.earlierRuns + spent.runs} of at most ${perPr} agent runs on this pull request (agent.max_runs.per_pull_request)`;
  }
  return null;
}

/** Why one agent run's change is too big for agent.max_files / agent.max_lines, or null. */
export function agentChangeTooBig(
  change: { files: number; lines: number },
  agent: Config['agent'],
): string | null {
  if (agent.max_files !== undefined && change.files > agent.max_files) {
    return `the agent changed ${change.files} files; at most ${agent.max_files} are allowed (agent.max_files)`;
  }
  if (agent.max_lines !== undefined && change.lines > agent.max_lines) {
    return `the agent changed ${change.lines} lines; at most ${agent.max_lines} are allowed (agent.max_lines)`;
  }
  return null;
}
