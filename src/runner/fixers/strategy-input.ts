import type { Check, Config } from '../../core/config/schema.js';
import type { Diagnosis } from '../../core/diagnosis.js';
import type { ProjectFacts } from '../../core/strategies/project-facts.js';
import type { WorkspaceFacts } from '../../core/strategies/workspace-fixer.js';

/** What the loop driver knows about one failure when it runs a fix strategy on the working tree. */
export interface StrategyInput {
  cwd: string;
  /**
   * The loop's state folder (absolute): context files go there, never into the working tree (default:
   * resolveStateDir).
   */
  stateDir?: string | undefined;
  taskId: string;
  diagnosis: Diagnosis;
  /** The failing check; null when the failure came from elsewhere (a validation, the regression check). */
  check: Check | null;
  /**
   * The failing check's output (its excerpt), for what the diagnosis' evidence may not hold (a test's
   * expected/actual).
   */
  output?: string | undefined;
  config: Config;
  /** The config file as advice names it (the one the run read; default `.github/closed-loop.yml`). */
  configFile?: string | undefined;
  project: ProjectFacts;
  /** `--agent`, else `agent.command` from the config. */
  agentCommand?: string | undefined;
  /**
   * How the escalation names the agent setting besides agent.command (the driver's; default `pass --agent`).
   */
  agentHint?: string | undefined;
  /** retry_with_backoff: the loop engine's `delay_ms`. */
  delayMs?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Replaces the real wait (tests). */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** The monorepo's workspaces with their scripts ([] for a single package; default: read from disk). */
  workspaces?: readonly WorkspaceFacts[] | undefined;
  /** The workspace folder that printed each relative path of the failing check's output. */
  workspaceFiles?: ReadonlyMap<string, string> | undefined;
  /** One line per earlier attempt, for the agent's prompt. */
  tried?: readonly string[] | undefined;
  /** A person's guidance for the agent (`/close-loop fix`), in its context and prompt. */
  guidance?: { by: string; text: string } | undefined;
}

/** A fixer gets at least this long, whatever the check's own timeout (an install is slower than a lint). */
export const MIN_FIX_TIMEOUT_SECONDS = 600;
export const DEFAULT_CHECK_TIMEOUT_SECONDS = 600;
