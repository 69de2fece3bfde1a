import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLoopState } from '../../core/loop/create-loop-state.js';
import { nextAction } from '../../core/loop/next-action.js';
import { reduce } from '../../core/loop/reduce.js';
import { DEFAULT_RETRY_POLICY } from '../../core/loop/retry-policy.js';
import type { Diagnosis } from '../../core/diagnosis.js';
import { chooseFixer } from '../../core/strategies/choose-fixer.js';
import { resolveChecks } from '../checks/resolve-checks.js';
import { runChecks } from '../checks/run-checks.js';
import { createCheckDisplay } from './check-display.js';
import { dirtyFiles, repoRoot } from '../git/repo.js';
import { loadCatalogue } from '../load-catalogue.js';
import { displayPath } from '../state-dir.js';
import { readProjectFacts } from './read-project-facts.js';
import type { RunOptions } from './run-context.js';
import { repoFileCheck } from '../fixers/is-repo-file.js';
import { withWithheldEnv } from '../exec/withheld-env.js';

export interface RunPlan {
  checks: { name: string; command: string; passed: boolean; duration_ms: number }[];
  source: 'config' | 'detected';
  dirty: string[];
  failing: string | null;
  diagnosis: Diagnosis | null;
  next: { kind: string; strategy: string | null; command: string | null; reason: string };
}

/** --dry-run: the first evaluation and the decision it leads to. Writes nothing to the tree. */
export function planRun(options: RunOptions): Promise<RunPlan> {
  return withWithheldEnv(options.withholdEnv ?? null, () => plan(options));
}

async function plan(options: RunOptions): Promise<RunPlan> {
  const cwd = await repoRoot(options.cwd).catch(() => options.cwd);
  const { config, catalogue, source: configSource } = await loadCatalogue({ cwd, path: options.configPath });
  const configFile = configSource === null ? undefined : displayPath(cwd, configSource);
  const { checks, source, project } = await resolveChecks(config, cwd, configFile);
  const logDir = await mkdtemp(join(tmpdir(), 'closed-loop-plan-'));
  try {
    const display = createCheckDisplay(options.progress, options.heartbeatMs);
    const runs = await runChecks(checks, {
      cwd,
      logDir,
      catalogue,
      signal: options.signal,
      onEvent: display.onEvent,
      onLine: display.onLine,
    }).finally(display.stop);
    const failed = runs.find((r) => !r.passed) ?? null;
    const at = new Date().toISOString();
    let state = createLoopState({
      task_id: 'dry-run',
      task_type: options.taskType,
      complexity: options.complexity,
      description: 'dry run',
      max_retries: options.maxRetries ?? null,
      at,
    });
    state = reduce(state, { type: 'generated', at, files: [], description: 'the working tree as it is' });
    state = reduce(state, { type: 'validated', at, passed: true, violations: [], gates: [] });
    state = reduce(state, { type: 'executed', at, files_modified: [], duration_ms: 0 });
    state = reduce(state, {
      type: 'evaluated',
      at,
      passed: !failed,
      checks: runs.map((r) => ({ name: r.name, passed: r.passed, duration_ms: Math.round(r.durationMs) })),
      ...(failed ? { failure: { check: failed.name, output: failed.excerpt } } : {}),
    });
    if (failed?.diagnosis) state = reduce(state, { type: 'analyzed', at, diagnosis: failed.diagnosis });
    const action = nextAction(state, {
      lookupPattern: (id) => catalogue.byId.get(id)?.pattern,
      policy: { ...DEFAULT_RETRY_POLICY, ...config.retry },
    });
    const check = checks.find((c) => c.name === failed?.name);
    const fixer =
      action.kind === 'fix' && action.strategy === 'auto_fix' && check && failed?.diagnosis
        ? chooseFixer({
            check,
            diagnosis: failed.diagnosis,
            project: await readProjectFacts(cwd, project),
            isRepoFile: repoFileCheck(cwd),
          })
        : null;
    return {
      checks: runs.map((r) => ({
        name: r.name,
        command: r.command,
        passed: r.passed,
        duration_ms: Math.round(r.durationMs),
      })),
      source,
      dirty: await dirtyFiles(cwd),
      failing: failed?.name ?? null,
      diagnosis: failed?.diagnosis ?? null,
      next: {
        kind: action.kind,
        strategy: 'strategy' in action ? (action.strategy ?? null) : null,
        command: fixer?.command ?? null,
        reason: 'reason' in action ? String(action.reason) : '',
      },
    };
  } finally {
    await rm(logDir, { recursive: true, force: true });
  }
}

export function renderPlan(plan: RunPlan): string {
  const out = [
    `dry run: nothing was changed (checks ${plan.source === 'config' ? 'from the config' : 'detected'})`,
  ];
  for (const c of plan.checks) out.push(`  ${c.passed ? '✓' : '✗'} ${c.name}  (${c.command})`);
  if (plan.dirty.length > 0)
    out.push(
      `note: the tree has uncommitted changes (${plan.dirty.join(', ')}); a real run needs --allow-dirty`,
    );
  if (!plan.failing) return `${out.join('\n')}\nall checks pass: a run would end at once with success\n`;
  const d = plan.diagnosis;
  out.push(
    `${plan.failing} failed: ${d?.pattern ?? 'no known pattern'}${d?.locations[0] ? ` at ${d.locations[0].file}:${d.locations[0].line}` : ''}`,
  );
  if (plan.next.kind === 'fix')
    out.push(`next: would run ${plan.next.strategy}${plan.next.command ? `: ${plan.next.command}` : ''}`);
  else out.push(`next: would ${plan.next.kind}: ${plan.next.reason}`);
  return `${out.join('\n')}\n`;
}
