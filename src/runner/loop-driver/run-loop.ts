import { createLoopState } from '../../core/loop/create-loop-state.js';
import { withHistory } from '../../core/loop/with-history.js';
import { taskIdProblem, toTaskId } from '../../core/task-id.js';
import { nextAction } from '../../core/loop/next-action.js';
import { DEFAULT_RETRY_POLICY } from '../../core/loop/retry-policy.js';
import type { LoopResult } from '../../core/loop-result.js';
import { resolveChecks } from '../checks/resolve-checks.js';
import { currentBranch, dirtyFiles, ensureIgnored, headSha } from '../git/repo.js';
import { realpath } from 'node:fs/promises';
import { openRepo, RunRefusedError } from './open-repo.js';
import { appendFileSync } from 'node:fs';
import { maskOutput } from '../secrets/known-secrets.js';
import { join, relative, resolve } from 'node:path';
import { acquireRunLock } from './run-lock.js';
import { setGroupJournal } from '../exec/kill-process-group.js';
import { setProjectEnv } from '../exec/project-env.js';
import { withWithheldEnv } from '../exec/withheld-env.js';
import { activatedEnv, findPythonEnv, inVirtualenv, shownEnv } from '../python/find-python-env.js';
import { GROUPS_FILE, recoverUnfinishedFix, UnfinishedFixError } from './unfinished-fix.js';
import { DEFAULT_CONFIG_PATH, type Config } from '../../core/config/schema.js';
import type { CompiledCatalogue } from '../../core/patterns/compile-catalogue.js';
import type { DetectedProject } from '../checks/detect-checks.js';
import { loadCatalogue } from '../load-catalogue.js';
import { artifactPaths } from './artifacts.js';
import { displayPath, isInside, resolveStateDir } from '../state-dir.js';
import { finishRun } from './finish-run.js';
import { readProjectFacts } from './read-project-facts.js';
import { readWorkspaceFacts } from '../fixers/read-workspaces.js';
import type { RunContext, RunOptions } from './run-context.js';
import { analyze, apply, evaluate, execute, fix, generate, persist, retarget, validate } from './steps.js';
import type { LoopAction } from '../../core/loop/loop-action.js';
import { CLI_WORDS, dirtyRefusal } from './driver-words.js';

/** A safety net far above any real budget: the loop engine ends every run long before this. */
const MAX_STEPS = 1000;

/**
 * `closed-loop run`: evaluate → analyze → fix on the working tree until success, escalation or a
 * dead letter. The numbered steps are the whole story; each lives in ./steps.ts.
 */
export async function runLoop(requested: RunOptions): Promise<LoopResult> {
  // What the driver withholds from commands (the Action's token) is withheld from the first git command on.
  return withWithheldEnv(requested.withholdEnv ?? null, () => startLoop(requested));
}

async function startLoop(requested: RunOptions): Promise<LoopResult> {
  const now = (): string => (requested.now?.() ?? new Date()).toISOString();

  // 1. Git: a repository, worked on at its root (from any subdirectory), a clean tree unless allowed.
  const words = requested.words ?? CLI_WORDS;
  const cwd = await openRepo(requested);
  const options = { ...requested, cwd };
  const badTask = options.taskId === undefined ? null : taskIdProblem(options.taskId);
  if (badTask !== null)
    throw new RunRefusedError(
      `task id ${JSON.stringify(options.taskId)} ${badTask}; it names report files, e.g. --task ${toTaskId(options.taskId ?? '')}`,
    );

  // 2. Configuration, catalogue and checks.
  const {
    config,
    catalogue,
    hint,
    source: configSource,
  } = await loadCatalogue({
    cwd,
    path: options.configPath === undefined ? undefined : resolve(requested.cwd, options.configPath),
  });
  if (hint !== undefined) options.progress.info(`closed-loop: ${hint}`);
  const configFile = configSource === null ? undefined : displayPath(cwd, configSource);
  const { checks, source, project } = await resolveChecks(config, cwd, configFile, {
    path: relative(cwd, await realpath(requested.cwd).catch(() => resolve(requested.cwd))),
    by: words.cwd,
  });
  const stateDir =
    options.stateDir === undefined
      ? await resolveStateDir(cwd, config.state_dir, { kind: 'config', file: configFile })
      : await resolveStateDir(cwd, options.stateDir, { kind: 'flag' });
  // A state folder the user put in the tree keeps itself out of git; the default one is in the git dir.
  if (isInside(cwd, stateDir)) await ensureIgnored(stateDir);
  const release = await acquireRunLock(
    stateDir,
    (pid) =>
      new RunRefusedError(
        `another closed-loop run (pid ${pid}) is working on this tree; wait for it, or stop it first`,
      ),
  );
  try {
    // A run killed mid-fix (kill -9) left its fixer's edits mixed with the user's: undone before anything
    // else.
    for (const line of await recoverUnfinishedFix(cwd, stateDir).catch(refuse))
      options.progress.info(`closed-loop: ${line}`);
    const dirty = await dirtyFiles(cwd);
    if (dirty.length > 0 && !options.allowDirty) {
      throw new RunRefusedError(dirtyRefusal(dirty, words));
    }
    setGroupJournal(join(stateDir, GROUPS_FILE));
    // Checks and fixers run in the project's virtualenv, as if the user had activated it.
    const python = project.ecosystems.includes('python') ? await findPythonEnv(cwd) : null;
    setProjectEnv(python ? activatedEnv(python) : null);
    if (python)
      options.progress.info(`closed-loop: python: the virtualenv ${shownEnv(cwd, python)} (${python.how})`);
    // Detected checks run pytest and mypy with the virtualenv's Python (a configured check runs as written).
    const inEnv =
      python && source === 'detected'
        ? checks.map((c) => ({ ...c, command: inVirtualenv(c.command, python) }))
        : checks;
    return await loop(
      { ...options, progress: withLogFile(options.progress, stateDir) },
      {
        stateDir,
        config,
        configFile: configFile ?? DEFAULT_CONFIG_PATH,
        catalogue,
        checks: inEnv,
        source,
        project,
        pythonEnv: python?.dir ?? null,
      },
      now,
    );
  } finally {
    setProjectEnv(null);
    setGroupJournal(null);
    await release();
  }
}

async function loop(options: RunOptions, setup: Setup, now: () => string): Promise<LoopResult> {
  const { cwd } = options;
  const { config, configFile, catalogue, checks, source, project, stateDir, pythonEnv } = setup;
  const startSha = await headSha(cwd);
  const taskId =
    options.taskId ??
    toTaskId(`${(await currentBranch(cwd)) ?? 'detached'}-${(startSha ?? 'nohead').slice(0, 7)}`);

  // 3. A fresh loop for the task.
  const ctx: RunContext = {
    options,
    config,
    configFile,
    catalogue,
    checks,
    project: await readProjectFacts(cwd, project, pythonEnv),
    workspaces: readWorkspaceFacts(cwd),
    startSha,
    now,
    state: withHistory(
      createLoopState({
        task_id: taskId,
        task_type: options.taskType,
        complexity: options.complexity,
        description: `make ${checks.map((c) => c.name).join(', ')} pass`,
        max_retries: options.maxRetries ?? null,
        at: now(),
      }),
      options.history ?? [],
    ),
    loopContext: {
      lookupPattern: (id) => catalogue.byId.get(id)?.pattern,
      policy: { ...DEFAULT_RETRY_POLICY, ...config.retry },
    },
    snapshot: null,
    lastRuns: [],
    previousRuns: [],
    pendingDiagnosis: null,
    pendingSource: null,
    fixCommits: [],
    baseline: null,
    logDir: artifactPaths(stateDir, taskId).logs,
    stateDir,
    agentSpent: { runs: 0, durationMs: 0, earlierRuns: options.agentRunsEarlier ?? 0 },
  };
  options.progress.info(
    `closed-loop run: task ${taskId}; checks ${checks.map((c) => c.name).join(', ')} (${source === 'config' ? 'from the config' : `detected: ${project.ecosystems.join(', ')}`})`,
  );

  // 4. Round the loop: the pure engine decides, the steps act and report back.
  for (let step = 0; step < MAX_STEPS; step++) {
    if (options.signal?.aborted && ctx.state.status === 'running') {
      // Ctrl-C is an interruption, not a dead letter: the state stays resumable and says so.
      await persist(ctx, true);
      break;
    }
    const action = nextAction(ctx.state, ctx.loopContext);
    if (action.kind === 'done') break;
    if (action.kind === 'generate') await generate(ctx, action.strategy);
    else if (action.kind === 'validate') await validate(ctx, lastStrategy(ctx));
    else if (action.kind === 'execute') await execute(ctx);
    else if (action.kind === 'evaluate') await evaluate(ctx);
    else if (action.kind === 'analyze') await analyze(ctx);
    else if (needsMore(action) && (await retarget(ctx))) continue;
    else if (action.kind === 'fix' && !options.fix)
      await apply(ctx, {
        type: 'escalated',
        at: now(),
        reason: `fixing is off (${(options.words ?? CLI_WORDS).noFix}): ${action.strategy} would be next`,
      });
    else if (action.kind === 'fix') await fix(ctx, action.strategy ?? 'analyze_then_fix', action.delay_ms);
    else if (action.kind === 'escalate')
      await apply(ctx, { type: 'escalated', at: now(), reason: action.reason });
    else if (action.kind === 'dead_letter')
      await apply(ctx, { type: 'dead_lettered', at: now(), reason: action.reason, detail: action.detail });
  }

  // 5. Reports: attempts, metrics, the dead letter or escalation, and the result.
  return finishRun(ctx);
}

const refuse = (error: unknown): never => {
  throw error instanceof UnfinishedFixError ? new RunRefusedError(error.message) : error;
};

interface Setup {
  stateDir: string;
  config: Config;
  configFile: string;
  catalogue: CompiledCatalogue;
  checks: RunContext['checks'];
  source: 'config' | 'detected';
  project: DetectedProject;
  pythonEnv: string | null;
}

/** The seed's log lines always go to `<state>/loop.log`; the terminal shows them with --verbose. */
function withLogFile(progress: RunOptions['progress'], stateDir: string): RunOptions['progress'] {
  const file = join(stateDir, 'loop.log');
  return {
    ...progress,
    log: (line) => {
      appendFileSync(file, `${maskOutput(line)}\n`);
      progress.log(line);
    },
  };
}

/** An action that needs an agent or a person: before it, any mechanical fix of another failure is made. */
const needsMore = (action: LoopAction): boolean =>
  action.kind === 'escalate' ||
  (action.kind === 'fix' && action.strategy !== 'auto_fix' && action.strategy !== 'dependency_check');

const lastStrategy = (ctx: RunContext) => ctx.state.attempts.at(-2)?.strategy_used ?? undefined;
