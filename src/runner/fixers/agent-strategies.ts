import { DEFAULT_CONFIG_PATH } from '../../core/config/schema.js';
import { CLI_AGENT_HINT } from '../../core/report/render-escalation.js';
import { agentPrompt } from '../../core/strategies/agent-prompt.js';
import { makeOutcome, type StrategyOutcome } from '../../core/strategies/strategy-outcome.js';
import { contextPaths, gatherContext } from './gather-context.js';
import { runAgent } from './run-agent.js';
import { branchDiff } from '../git/branch-diff.js';
import { displayPath, resolveStateDir } from '../state-dir.js';
import type { StrategyInput } from './strategy-input.js';

type AgentStrategy = 'context_expand' | 'analyze_then_fix';

/** Gathers the context, then hands it to the agent; without an agent, escalates pointing at the context. */
async function withAgent(strategy: AgentStrategy, input: StrategyInput): Promise<StrategyOutcome> {
  const dir = input.stateDir ?? (await resolveStateDir(input.cwd));
  const context = await gatherContext(input.cwd, input.diagnosis, {
    taskId: input.taskId,
    dir,
    depth: 1,
    strategy,
    check: input.check,
    output: input.output,
    diff: await branchDiff(input.cwd).catch(() => null),
    guidance: input.guidance ?? null,
    diffOf: (paths) => branchDiff(input.cwd, paths),
  });
  const full = contextPaths(dir, input.taskId);
  // What people and the agent read: repository-relative when the state folder is in the repository.
  const paths = { json: displayPath(input.cwd, full.json), markdown: displayPath(input.cwd, full.markdown) };
  const command = input.agentCommand ?? input.config.agent.command;
  if (command === undefined || command.trim() === '') {
    return makeOutcome({
      strategy,
      applied: false,
      action: `gathered the context into ${paths.markdown}; no agent to act on it`,
      files_modified: [],
      context_expanded: strategy === 'context_expand',
      escalate: {
        reason: `no agent configured for ${strategy}: set agent.command in ${input.configFile ?? DEFAULT_CONFIG_PATH} or ${input.agentHint ?? CLI_AGENT_HINT}; the context is in ${paths.markdown}`,
      },
    });
  }
  return runAgent({
    command,
    timeoutSeconds: input.config.agent.timeout,
    allowEnv: input.config.agent.env,
    cwd: input.cwd,
    contextPath: full.json,
    shownContextPath: paths.json,
    prompt: agentPrompt(context, strategy, { contextMarkdownPath: paths.markdown, tried: input.tried ?? [] }),
    taskId: input.taskId,
    strategy,
    signal: input.signal,
  });
}

/** context_expand: the wider context (imports, declarations, dependents) for the agent. */
export function contextExpand(input: StrategyInput): Promise<StrategyOutcome> {
  return withAgent('context_expand', input);
}

/** analyze_then_fix: the agent is asked for a targeted fix at the first located error (±50 lines). */
export function analyzeThenFix(input: StrategyInput): Promise<StrategyOutcome> {
  return withAgent('analyze_then_fix', input);
}
