import { createLoopState } from '../../core/loop/create-loop-state.js';
import { nextAction } from '../../core/loop/next-action.js';
import { DEFAULT_RETRY_POLICY } from '../../core/loop/retry-policy.js';
import type { LoopResult } from '../../core/loop-result.js';
import { resolveChecks } from '../checks/resolve-checks.js';
import { assertGitRepo, currentBranch, dirtyFiles, ensureIgnored, headSha } from '../git/repo.js';
import { loadCatalogue } from '../load-catalogue.js';
import { artifactPaths } from './artifacts.js';
import { finishRun } from './finish-run.js';
import { readProjectFacts } from './read-project-facts.js';
import type { RunContext, RunOptions } from './run-context.js';
import { analyze, apply, evaluate, execute, fix, generate, validate } from './steps.js';

/** A user mistake in how the run was asked for (dirty tree, no checks): one line, exit 2. */
export class RunRefusedError extends Error {}

/** A safety net far above any real budget: the loop engine ends every run long before this. */
const MAX_STEPS = 1000;

/**
 * `closed-loop run`: evaluate → analyze → fix on the working tree until success, escalation or a
 * dead letter. The numbered steps are the whole story; each lives in ./steps.ts.
 */
export async function runLoop(options: RunOptions): Promise<LoopResult> {
  const { cwd } = options;
  const now = (): string => (options.now?.() ?? new Date()).toISOString();

  // 1. Configuration, catalogue and checks.
  const { config, catalogue } = await loadCatalogue({ cwd, path: options.configPath });
  const { checks, source, project } = await resolveChecks(config, cwd);

  // 2. Git: a repository, a clean tree (unless allowed), and .closed-loop/ kept out of it.
  await assertGitRepo(cwd);
  const dirty = await dirtyFiles(cwd);
  if (dirty.length > 0 && !options.allowDirty) {
    throw new RunRefusedError(`the working tree has uncommitted changes (${dirty.slice(0, 3).join(', ')}${dirty.length > 3 ? `, +${dirty.length - 3} more` : ''}); commit or stash them, or pass --allow-dirty (closed-loop then rolls back only what its own fixes change)`);
  }
  await ensureIgnored(cwd);
  const startSha = await headSha(cwd);
  const taskId = options.taskId ?? `${(await currentBranch(cwd)) ?? 'detached'}-${(startSha ?? 'nohead').slice(0, 7)}`.replace(/[^\w.-]+/g, '-');

  // 3. A fresh loop for the task.
  const ctx: RunContext = {
    options, config, catalogue, checks, project: await readProjectFacts(cwd, project), startSha, now,
    state: createLoopState({ task_id: taskId, task_type: options.taskType, complexity: options.complexity, description: `make ${checks.map((c) => c.name).join(', ')} pass`, max_retries: options.maxRetries ?? null, at: now() }),
    loopContext: { lookupPattern: (id) => catalogue.byId.get(id)?.pattern, policy: { ...DEFAULT_RETRY_POLICY, ...config.retry } },
    snapshot: null, lastRuns: [], previousRuns: [], pendingDiagnosis: null, fixCommits: [], baseline: null,
    logDir: artifactPaths(cwd, taskId).logs,
  };
  options.progress.info(`closed-loop run: task ${taskId}; checks ${checks.map((c) => c.name).join(', ')} (${source === 'config' ? 'from the config' : `detected: ${project.ecosystems.join(', ')}`})`);

  // 4. Round the loop: the pure engine decides, the steps act and report back.
  for (let step = 0; step < MAX_STEPS; step++) {
    if (options.signal?.aborted && ctx.state.status === 'running') {
      await apply(ctx, { type: 'user_aborted', at: now(), by: 'interrupt' });
    }
    const action = nextAction(ctx.state, ctx.loopContext);
    if (action.kind === 'done') break;
    if (action.kind === 'generate') await generate(ctx, action.strategy);
    else if (action.kind === 'validate') await validate(ctx, lastStrategy(ctx));
    else if (action.kind === 'execute') await execute(ctx);
    else if (action.kind === 'evaluate') await evaluate(ctx);
    else if (action.kind === 'analyze') await analyze(ctx);
    else if (action.kind === 'fix' && !options.fix) await apply(ctx, { type: 'escalated', at: now(), reason: `fixing is off (--no-fix): ${action.strategy} would be next` });
    else if (action.kind === 'fix') await fix(ctx, action.strategy ?? 'analyze_then_fix', action.delay_ms);
    else if (action.kind === 'escalate') await apply(ctx, { type: 'escalated', at: now(), reason: action.reason });
    else if (action.kind === 'dead_letter') await apply(ctx, { type: 'dead_lettered', at: now(), reason: action.reason, detail: action.detail });
  }

  // 5. Reports: attempts, metrics, the dead letter or escalation, and the result.
  return finishRun(ctx);
}

const lastStrategy = (ctx: RunContext) => ctx.state.attempts.at(-2)?.strategy_used ?? undefined;
