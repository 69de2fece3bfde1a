import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createLoopState } from '../../core/loop/create-loop-state.js';
import { nextAction } from '../../core/loop/next-action.js';
import { reduce } from '../../core/loop/reduce.js';
import { DEFAULT_RETRY_POLICY } from '../../core/loop/retry-policy.js';
import type { Diagnosis } from '../../core/diagnosis.js';
import type { Config } from '../../core/config/schema.js';
import type { CompiledCatalogue } from '../../core/patterns/compile-catalogue.js';
import type { CheckRun } from '../checks/run-checks.js';
import { diagnosisOf, workOrder, type TargetFacts } from './pick-target.js';
import { chooseFixer } from '../../core/strategies/choose-fixer.js';
import { resolveChecks } from '../checks/resolve-checks.js';
import { runChecks } from '../checks/run-checks.js';
import { createCheckDisplay } from './check-display.js';
import { dirtyFiles } from '../git/repo.js';
import { openRepo } from './open-repo.js';
import { loadCatalogue } from '../load-catalogue.js';
import { displayPath } from '../state-dir.js';
import { readProjectFacts } from './read-project-facts.js';
import type { RunOptions } from './run-context.js';
import { repoFileCheck } from '../fixers/is-repo-file.js';
import { withWithheldEnv } from '../exec/withheld-env.js';

/** What the loop would do about one failing check. */
interface PlannedStep {
  kind: string;
  strategy: string | null;
  command: string | null;
  reason: string;
  /** Why a run stops at this step although it is a fix (no agent for an agent's strategy); else absent. */
  stops?: string;
}

interface PlannedFailure {
  check: string;
  diagnosis: Diagnosis;
  next: PlannedStep;
}

export interface RunPlan {
  checks: { name: string; command: string; passed: boolean; duration_ms: number }[];
  source: 'config' | 'detected';
  dirty: string[];
  /** The failing check a run works on first, its diagnosis and what it does about it (failures[0]). */
  failing: string | null;
  diagnosis: Diagnosis | null;
  next: PlannedStep;
  /** Every failing check, in the order a run takes them (mechanical fixes first, as pickTarget). */
  failures: PlannedFailure[];
}

/** --dry-run: the first evaluation and the decisions it leads to. Writes nothing to the tree. */
export function planRun(options: RunOptions): Promise<RunPlan> {
  return withWithheldEnv(options.withholdEnv ?? null, () => plan(options));
}

async function plan(options: RunOptions): Promise<RunPlan> {
  // Refused as a run is, before any check runs: a dry run of a run that cannot happen would mislead.
  const cwd = await openRepo(options);
  const {
    config,
    catalogue,
    source: configSource,
  } = await loadCatalogue({
    cwd,
    path: options.configPath === undefined ? undefined : resolve(options.cwd, options.configPath),
  });
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
    const facts = { checks, catalogue, project: await readProjectFacts(cwd, project) };
    const agent = Boolean((options.agent ?? config.agent.command)?.trim());
    const failures: PlannedFailure[] = [];
    for (const run of workOrder(facts, runs)) {
      const diagnosis = diagnosisOf(facts, run);
      const next = await decide({ options, config, catalogue, facts, cwd, agent }, run, diagnosis);
      failures.push({ check: run.name, diagnosis, next });
    }
    // Every check passes: the loop's own word for it (done).
    const first =
      failures[0]?.next ?? (await decide({ options, config, catalogue, facts, cwd, agent }, null, null));
    return {
      checks: runs.map((r) => ({
        name: r.name,
        command: r.command,
        passed: r.passed,
        duration_ms: Math.round(r.durationMs),
      })),
      source,
      dirty: await dirtyFiles(cwd),
      failing: failures[0]?.check ?? null,
      diagnosis: failures[0]?.diagnosis ?? null,
      next: first,
      failures,
    };
  } finally {
    await rm(logDir, { recursive: true, force: true });
  }
}

interface PlanFacts {
  options: RunOptions;
  config: Config;
  catalogue: CompiledCatalogue;
  facts: TargetFacts;
  cwd: string;
  agent: boolean;
}

/** What the pure loop decides after a first evaluation in which `failed` is the check worked on. */
async function decide(
  p: PlanFacts,
  failed: CheckRun | null,
  diagnosis: Diagnosis | null,
): Promise<PlannedStep> {
  const { options, config, catalogue } = p;
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
    checks: failed ? [{ name: failed.name, passed: false, duration_ms: Math.round(failed.durationMs) }] : [],
    ...(failed ? { failure: { check: failed.name, output: failed.excerpt } } : {}),
  });
  if (diagnosis) state = reduce(state, { type: 'analyzed', at, diagnosis });
  const action = nextAction(state, {
    lookupPattern: (id) => catalogue.byId.get(id)?.pattern,
    policy: { ...DEFAULT_RETRY_POLICY, ...config.retry },
  });
  const strategy = 'strategy' in action ? (action.strategy ?? null) : null;
  const check = p.facts.checks.find((c) => c.name === failed?.name);
  const fixer =
    action.kind === 'fix' && strategy === 'auto_fix' && check && diagnosis
      ? chooseFixer({ check, diagnosis, project: p.facts.project, isRepoFile: repoFileCheck(p.cwd) })
      : null;
  const needsAgent = strategy === 'context_expand' || strategy === 'analyze_then_fix';
  return {
    kind: action.kind,
    strategy,
    command: fixer?.command ?? null,
    reason: 'reason' in action ? String(action.reason) : '',
    ...(action.kind === 'fix' && needsAgent && !p.agent
      ? { stops: 'no agent is configured, so a run escalates here with the context for a person' }
      : {}),
  };
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
  if (plan.failures.length === 0)
    return `${out.join('\n')}\nall checks pass: a run would end at once with success\n`;
  if (plan.failures.length > 1) out.push('a run works on the failing checks in this order:');
  // A run ends at the first escalation or dead letter: the failures after it are left for a person.
  let stoppedAt: string | null = null;
  for (const f of plan.failures) {
    const d = f.diagnosis;
    const at = d.locations[0] ? ` at ${d.locations[0].file}:${d.locations[0].line}` : '';
    out.push(`${f.check} failed: ${d.pattern ?? 'no known pattern'}${at}`);
    const indent = plan.failures.length > 1 ? '  ' : '';
    if (stoppedAt !== null) {
      out.push(`${indent}next: none; a run stops at ${stoppedAt} first (this one is named in its report)`);
      continue;
    }
    if (f.next.kind === 'fix')
      out.push(
        `${indent}next: would run ${f.next.strategy}${f.next.command ? `: ${f.next.command}` : ''}${f.next.stops ? ` (${f.next.stops})` : ''}`,
      );
    else out.push(`${indent}next: would ${f.next.kind}: ${f.next.reason}`);
    if (f.next.kind === 'escalate' || f.next.kind === 'dead_letter' || f.next.stops) stoppedAt = f.check;
  }
  return `${out.join('\n')}\n`;
}
