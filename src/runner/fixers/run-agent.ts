import { isAbsolute, join } from 'node:path';
import type { Strategy } from '../../core/vocabulary.js';
import { makeOutcome, type StrategyOutcome } from '../../core/strategies/strategy-outcome.js';
import { changedFiles, markTree } from './changed-files.js';
import { maskOutput } from '../secrets/known-secrets.js';
import { agentEnv } from './agent-env.js';
import { isOwnArtifact } from '../git/run-git.js';
import { describeRun, ranToEnd, runCaptured } from './run-captured.js';

export interface AgentRun {
  /** The agent's shell command (`agent.command` or `--agent`). */
  command: string;
  timeoutSeconds: number;
  cwd: string;
  /** The context JSON, relative to cwd or absolute. */
  contextPath: string;
  /** How the action line names the context file (default: contextPath). */
  shownContextPath?: string;
  /** Written to the agent's stdin. */
  prompt: string;
  taskId: string;
  strategy: Strategy;
  /** Environment variables passed on besides the default allow-list (config `agent.env`). */
  allowEnv?: readonly string[];
  signal?: AbortSignal | undefined;
}

/**
 * Runs the coding agent on the working tree, with an allow-listed environment (agentEnv), CLOSED_LOOP_CONTEXT
 * (absolute path of the context JSON),
 * CLOSED_LOOP_TASK and CLOSED_LOOP_STRATEGY in its environment and the prompt on stdin. Applied when it
 * exits 0; what it changed is the driver's diff (files_modified here is best effort).
 */
export async function runAgent(run: AgentRun): Promise<StrategyOutcome> {
  const timeoutMs = run.timeoutSeconds * 1000;
  const env = {
    CLOSED_LOOP_CONTEXT: isAbsolute(run.contextPath) ? run.contextPath : join(run.cwd, run.contextPath),
    CLOSED_LOOP_TASK: run.taskId,
    CLOSED_LOOP_STRATEGY: run.strategy,
  };
  const before = markTree(run.cwd);
  const captured = await runCaptured(run.command, {
    cwd: run.cwd,
    timeoutMs,
    env,
    baseEnv: agentEnv(process.env, run.allowEnv ?? []),
    input: run.prompt,
    ...(run.signal ? { signal: run.signal } : {}),
  });
  const applied = ranToEnd(captured) && captured.result.exitCode === 0;
  const described = describeRun(`agent \`${run.command}\``, captured, timeoutMs);
  return makeOutcome({
    strategy: run.strategy,
    applied,
    action: maskOutput(applied ? `${described} with ${run.shownContextPath ?? run.contextPath}` : described),
    files_modified: changedFiles(before, markTree(run.cwd)).filter((f) => !isOwnArtifact(f)),
    context_expanded: run.strategy === 'context_expand',
    output: maskOutput(captured.output),
  });
}
