import type { LogLineInput } from '../../core/loop/format-log-line.js';
import type { Attempt } from '../../core/attempt.js';
import type { Config, Check } from '../../core/config/schema.js';
import type { Diagnosis } from '../../core/diagnosis.js';
import type { LoopState } from '../../core/loop/loop-state.js';
import type { LoopContext } from '../../core/loop/loop-action.js';
import type { CompiledCatalogue } from '../../core/patterns/compile-catalogue.js';
import type { Complexity, TaskType } from '../../core/vocabulary.js';
import type { CheckRun } from '../checks/run-checks.js';
import type { ProjectFacts } from '../../core/strategies/project-facts.js';
import type { Snapshot } from '../git/snapshot.js';
import type { ProgressSink } from './progress.js';
import type { Baseline } from '../../core/regression/baseline-file.js';
import type { AgentSpent } from '../../core/strategies/agent-budget.js';
import type { WorkspaceFacts } from '../../core/strategies/workspace-fixer.js';
import type { WithholdEnv } from '../exec/withheld-env.js';
import type { DriverWords } from './driver-words.js';
import type { ExecutionSummary } from '../../core/loop/aggregate-metrics.js';
import type { RunTotals } from '../../core/loop/run-totals.js';

/** A run `closed-loop resume` continues: what its earlier parts did, so that its record goes on. */
export interface ResumedRun {
  /** When the run's first part began: with the task id, it names the run's record in outcomes.jsonl. */
  startedAt: string;
  /** The commit the run's first part started from. */
  startSha: string | null;
  /** What the earlier parts add up to (their fix commits, attempts, time), for result.json. */
  before: RunTotals;
  /** What the earlier parts did (their attempts, patterns, strategies), for `stats`. */
  earlier: ExecutionSummary;
}

export interface RunOptions {
  cwd: string;
  configPath?: string;
  /**
   * --state-dir: where the loop keeps its files (relative to the repository root); else state_dir, else the
   * git dir.
   */
  stateDir?: string;
  taskId?: string;
  taskType: TaskType;
  complexity: Complexity;
  maxRetries?: number;
  /** false with --no-fix: evaluate and analyze only. */
  fix: boolean;
  agent?: string;
  /**
   * How reports name the agent setting besides agent.command: CLI_AGENT_HINT (`--agent`) unless the driver
   * has another.
   */
  agentHint?: string;
  /** How the run's messages name the driver's settings: CLI_WORDS (the flags) unless it has others. */
  words?: DriverWords;
  /** false with --no-commit: fixes are left staged. */
  commit: boolean;
  allowDirty: boolean;
  /** Earlier runs' attempts on this task (a PR's CI runs): budgets and the same-error rule span them. */
  history?: Attempt[];
  /** Agent runs on this pull request in earlier CI runs (its memory), for agent.max_runs.per_pull_request. */
  agentRunsEarlier?: number;
  /** Set by `closed-loop resume`: the run this one continues (status and stats show one run). */
  resumed?: ResumedRun;
  /** A person's guidance for the coding agent (`/close-loop fix <guidance>`), added to its context. */
  guidance?: { by: string; text: string };
  signal?: AbortSignal;
  /**
   * The variables of this process no command of the run may see (checks, fixers, installs, the agent,
   * git): the Action's inputs and credentials. Nothing is withheld without it (the command).
   */
  withholdEnv?: WithholdEnv;
  progress: ProgressSink;
  /** How often a running check is said to be still running (HEARTBEAT_MS). */
  heartbeatMs?: number;
  /** Injected so tests do not wait for real backoff delays. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => Date;
}

/** Everything one run knows while it goes round the loop. Mutable by design: it is the driver's memory. */
export interface RunContext {
  options: RunOptions;
  config: Config;
  /** The config file the run read, as advice names it (--config's); the default path when there is none. */
  configFile: string;
  catalogue: CompiledCatalogue;
  loopContext: LoopContext;
  checks: Check[];
  project: ProjectFacts;
  state: LoopState;
  startSha: string | null;
  /** The tree before the fix now being tried; null on the first attempt (the author's own tree). */
  snapshot: Snapshot | null;
  /** The checks' results in the last evaluation and the one before. */
  lastRuns: CheckRun[];
  previousRuns: CheckRun[];
  /**
   * This attempt's evaluation when it judged a fix and rolled it back (lastRuns is then the restored
   * tree's); its logs are this attempt's own. Null otherwise.
   */
  rolledBackRuns?: CheckRun[] | null;
  /** Why the loop reached ANALYZE when it was not a failing check. */
  pendingDiagnosis: Diagnosis | null;
  /** What produced pendingDiagnosis, for the progress line: `validation`, `regression_check`. */
  pendingSource: string | null;
  fixCommits: {
    sha: string;
    attempt: number;
    strategy: NonNullable<LoopState['attempts'][number]['strategy_used']>;
    pattern: string | null;
  }[];
  logDir: string;
  /**
   * Attempts whose fix was kept (committed, staged or the agent's own commit): reports list only their files.
   */
  keptAttempts?: Set<number>;
  /**
   * The log line of the attempt whose fix is being checked: printed once the fix is kept (success) or not
   * (failed).
   */
  heldAttemptLine?: Extract<LogLineInput, { kind: 'attempt' }> | null;
  /** Set when an interruption undid a fix that was still running or not yet judged. */
  undoneOnInterrupt?: boolean;
  /** The monorepo's workspaces with their scripts, read once ([] for a single package). */
  workspaces?: readonly WorkspaceFacts[];
  /** The failing check the current attempt works on (pickTarget); null before the first failure. */
  target?: string | null;
  /** The places each pattern the run met was located at (`file:line`), for the escalation's guidance. */
  located?: Record<string, string[]>;
  /** `check\0signature` of the failures a mechanical fix was already tried on (pickTarget skips them). */
  worked?: Set<string>;
  /** The resolved state folder (absolute): state, lock, logs, reports, context files. */
  stateDir: string;
  /** The agent's runs and time so far, against agent.max_runs. */
  agentSpent: AgentSpent;
  /** The dependents' tests before any fix, when the regression check is on for this complexity. */
  baseline: Baseline | null;
  now(): string;
}
