import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DONE, planDecisions, type PlanDecision } from '../../core/loop/plan-decisions.js';
import { DEFAULT_RETRY_POLICY } from '../../core/loop/retry-policy.js';
import type { Diagnosis } from '../../core/diagnosis.js';
import { diagnosisOf, workOrder } from './pick-target.js';
import { chooseFixer } from '../../core/strategies/choose-fixer.js';
import { resolveChecks } from '../checks/resolve-checks.js';
import { runChecks } from '../checks/run-checks.js';
import { createCheckDisplay } from './check-display.js';
import { dirtyFiles } from '../git/repo.js';
import { openRepo } from './open-repo.js';
import { loadCatalogue } from '../load-catalogue.js';
import { displayPath, resolveStateDir } from '../state-dir.js';
import { readProjectFacts } from './read-project-facts.js';
import type { RunOptions } from './run-context.js';
import { repoFileCheck } from '../fixers/is-repo-file.js';
import { withWithheldEnv } from '../exec/withheld-env.js';
import { CLI_WORDS, dirtyRefusal } from './driver-words.js';

/** What the loop would do about one failing check. */
interface PlannedStep extends PlanDecision {
  /** The fixer's command, for an auto_fix a run would make. */
  command: string | null;
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
  /** Why a run with these options would refuse to start (a dirty tree without --allow-dirty); else null. */
  refused: string | null;
  /** false with --no-commit: a run leaves its fixes staged. */
  commit: boolean;
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
  const words = options.words ?? CLI_WORDS;
  const {
    config,
    catalogue,
    source: configSource,
  } = await loadCatalogue({
    cwd,
    path: options.configPath === undefined ? undefined : resolve(options.cwd, options.configPath),
  });
  const configFile = configSource === null ? undefined : displayPath(cwd, configSource);
  // A state folder a run refuses (--state-dir src, a symbolic link) is refused here too, and as early.
  if (options.stateDir === undefined)
    await resolveStateDir(cwd, config.state_dir, { kind: 'config', file: configFile });
  else await resolveStateDir(cwd, options.stateDir, { kind: 'flag' });
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
    const ordered = workOrder(facts, runs).map((run) => ({ run, diagnosis: diagnosisOf(facts, run) }));
    const decisions = planDecisions(
      ordered.map(({ run, diagnosis }) => ({
        check: run.name,
        output: run.excerpt,
        duration_ms: Math.round(run.durationMs),
        diagnosis,
      })),
      {
        task_type: options.taskType,
        complexity: options.complexity,
        max_retries: options.maxRetries ?? null,
        fix: options.fix,
        noFix: words.noFix,
        agent: Boolean((options.agent ?? config.agent.command)?.trim()),
        at: new Date().toISOString(),
      },
      {
        lookupPattern: (id) => catalogue.byId.get(id)?.pattern,
        policy: { ...DEFAULT_RETRY_POLICY, ...config.retry },
      },
    );
    const failures: PlannedFailure[] = ordered.map(({ run, diagnosis }, i) => {
      const decision = decisions[i] ?? DONE;
      const check = checks.find((c) => c.name === run.name);
      const fixer =
        decision.kind === 'fix' && decision.strategy === 'auto_fix' && check
          ? chooseFixer({ check, diagnosis, project: facts.project, isRepoFile: repoFileCheck(cwd) })
          : null;
      return { check: run.name, diagnosis, next: { ...decision, command: fixer?.command ?? null } };
    });
    const dirty = await dirtyFiles(cwd);
    return {
      checks: runs.map((r) => ({
        name: r.name,
        command: r.command,
        passed: r.passed,
        duration_ms: Math.round(r.durationMs),
      })),
      source,
      dirty,
      // A run refuses such a tree before anything else (run-loop), in these words.
      refused: dirty.length > 0 && !options.allowDirty ? dirtyRefusal(dirty, words) : null,
      commit: options.commit,
      failing: failures[0]?.check ?? null,
      diagnosis: failures[0]?.diagnosis ?? null,
      // Every check passes: the loop's own word for it (done).
      next: failures[0]?.next ?? { ...DONE, command: null },
      failures,
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
  // What a run with these options does, not what some other run would: it may not start at all.
  if (plan.refused !== null)
    out.push(`a run refuses to start: ${plan.refused}`, 'on the tree as it is, once a run may start:');
  else if (plan.dirty.length > 0)
    out.push(
      `note: the tree has uncommitted changes (${plan.dirty.join(', ')}); with --allow-dirty a run leaves them as they are (a fix that rewrites one of those files is left uncommitted)`,
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
    const staged = plan.commit || f.next.stops ? '' : ' (its change left staged, not committed: --no-commit)';
    if (f.next.kind === 'fix')
      out.push(
        `${indent}next: would run ${f.next.strategy}${f.next.command ? `: ${f.next.command}` : ''}${f.next.stops ? ` (${f.next.stops})` : ''}${staged}`,
      );
    else out.push(`${indent}next: would ${f.next.kind}: ${f.next.reason}`);
    if (f.next.kind === 'escalate' || f.next.kind === 'dead_letter' || f.next.stops) stoppedAt = f.check;
  }
  return `${out.join('\n')}\n`;
}
