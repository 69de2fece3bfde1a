import { analysisLimitMs } from '../../runner/analysis-limit.js';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ComplexitySchema, TaskTypeSchema } from '../../core/vocabulary.js';
import type { LoopResult } from '../../core/loop-result.js';
import { streamProgress } from '../../runner/loop-driver/progress.js';
import { runLoop } from '../../runner/loop-driver/run-loop.js';
import { planRun, renderPlan } from '../../runner/loop-driver/plan-run.js';
import type { ResumedRun } from '../../runner/loop-driver/run-context.js';
import { EXIT, UsageError, type Io } from '../io.js';
import { writeJson } from '../write-json.js';
import { taskIdProblem, toTaskId } from '../../core/task-id.js';
import { parseFlags } from '../parse-flags.js';
import { stateDirFlag } from '../state-dir-flag.js';

const RUN_HELP = `Usage: closed-loop run [--cwd DIR] [--config PATH] [--task ID] [--type TYPE] [--complexity LEVEL]
                        [--max-retries N] [--no-fix] [--agent CMD] [--allow-dirty] [--no-commit] [--state-dir DIR]
                        [--verbose | --quiet]
                        [--json] [--dry-run]

Runs the checks, classifies each failure, applies the matching strategy, and repeats — until the checks
pass, the loop escalates to a person, or the retry budget runs out (a dead letter). Each fix is a commit
of its own; a fix that fails validation or makes things worse is rolled back exactly.

  --cwd DIR            the working tree (default: the current directory)
  --config PATH        the config file (default: .github/closed-loop.yml here or above)
  --task ID            the task id used in reports (default: <branch>-<short sha>)
  --type TYPE          bug_fix | feature | refactor | security | config_change (default: bug_fix)
  --complexity LEVEL   low | medium | high (default: medium); regression checks follow the config
  --max-retries N      the task's retry budget: evaluations of the checks, the first included, so 3
                       allows 2 fix attempts and 1 none (default: each pattern's, then the config's)
  --no-fix             evaluate and analyze only; stop where a fix would be applied
  --agent CMD          the coding agent for context_expand / analyze_then_fix (overrides agent.command)
  --allow-dirty        run on a tree with uncommitted changes (rollbacks leave them as they are)
  --no-commit          leave fixes staged instead of committing them
  --state-dir DIR      where the loop keeps its state, logs and reports (default: state_dir in the
                       config, else .git/closed-loop/, outside the working tree)
  --verbose            also print the [closed-loop] task=… log lines (always in <state folder>/loop.log)
                       and the whole report of a run that stops (always in its file)
  --quiet              print only the verdict and where its report is
  --json               print only the result object (progress still goes to stderr)
  --dry-run            run the checks and say what a run with these options would do, changing nothing
                       (exit 0)

Exit status: 0 success, 1 dead letter, 3 escalated, 2 usage or config error, 130 interrupted.
`;

export const RUN_OPTIONS = {
  cwd: { type: 'string' },
  config: { type: 'string' },
  task: { type: 'string' },
  type: { type: 'string' },
  complexity: { type: 'string' },
  'max-retries': { type: 'string' },
  'no-fix': { type: 'boolean' },
  agent: { type: 'string' },
  'allow-dirty': { type: 'boolean' },
  'no-commit': { type: 'boolean' },
  json: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  'state-dir': { type: 'string' },
  verbose: { type: 'boolean' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const exitFor = (r: LoopResult): number =>
  r.status === 'success'
    ? EXIT.ok
    : r.status === 'escalated'
      ? EXIT.escalated
      : r.status === 'interrupted'
        ? EXIT.interrupted
        : EXIT.deadLetter;

export async function runCommand(
  args: string[],
  io: Io,
  taskId?: string,
  resumed?: ResumedRun,
): Promise<number> {
  const { values, positionals } = parseFlags(
    () => parseArgs({ args, allowPositionals: true, options: RUN_OPTIONS }),
    'run',
    RUN_OPTIONS,
    args,
  );
  if (values.help) {
    io.stdout.write(RUN_HELP);
    return EXIT.ok;
  }
  if (positionals.length > 0)
    throw new UsageError(`run: unexpected argument "${positionals[0]}" (see closed-loop run --help)`);
  const enumFlag = <T>(
    schema: { safeParse(v: unknown): { success: boolean; data?: T } },
    name: string,
    value: string | undefined,
    fallback: T,
    allowed: string,
  ): T => {
    if (value === undefined) return fallback;
    const r = schema.safeParse(value);
    if (!r.success) throw new UsageError(`run: --${name} must be one of ${allowed}, not "${value}"`);
    return r.data as T;
  };
  const badTask = values.task === undefined ? null : taskIdProblem(values.task);
  if (badTask !== null)
    throw new UsageError(
      `run: --task ${JSON.stringify(values.task)} ${badTask}; try --task ${toTaskId(values.task ?? '')}`,
    );
  if (values.quiet && values.verbose)
    throw new UsageError('run: --quiet and --verbose cannot be used together');
  analysisLimitMs(); // a bad CLOSED_LOOP_ANALYSIS_SECONDS is refused before any check runs
  const maxRetries = values['max-retries'] === undefined ? undefined : Number(values['max-retries']);
  if (maxRetries !== undefined && (!Number.isInteger(maxRetries) || maxRetries < 1))
    throw new UsageError('run: --max-retries takes a whole number from 1');
  const controller = new AbortController();
  // The first Ctrl-C stops the run cleanly (an unfinished fix is rolled back); a second one stops it at
  // once, and says what it leaves: exiting through process.exit runs the hook that kills the checks' and
  // fixers' process groups, which a default signal death would leave running.
  let signals = 0;
  const onSignal = (): void => {
    if (++signals === 1) {
      io.stderr.write('\nclosed-loop: interrupted; stopping… (Ctrl-C again stops at once)\n');
      controller.abort();
      return;
    }
    io.stderr.write(
      '\nclosed-loop: stopped at once. A fix it was making may be left half done in the tree: the next ' +
        '`closed-loop run` or `closed-loop resume` undoes it first, and keeps the tree it finds under ' +
        'refs/closed-loop/found-after-kill/ (your edits made meanwhile included).\n',
    );
    process.exit(EXIT.interrupted);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const options = {
      cwd: resolve(io.cwd, values.cwd ?? '.'),
      configPath: values.config,
      stateDir: stateDirFlag(io.cwd, values['state-dir']),
      taskId: values.task ?? taskId,
      taskType: enumFlag(
        TaskTypeSchema,
        'type',
        values.type,
        'bug_fix' as const,
        TaskTypeSchema.options.join(', '),
      ),
      complexity: enumFlag(
        ComplexitySchema,
        'complexity',
        values.complexity,
        'medium' as const,
        ComplexitySchema.options.join(', '),
      ),
      maxRetries,
      fix: !values['no-fix'],
      agent: values.agent,
      commit: !values['no-commit'],
      allowDirty: Boolean(values['allow-dirty']),
      signal: controller.signal,
      ...(resumed ? { resumed } : {}),
      progress: streamProgress(io.stderr, values.quiet ? 'quiet' : values.verbose ? 'verbose' : 'normal'),
    };
    if (values['dry-run']) {
      const plan = await planRun(options);
      if (values.json) writeJson(io.stdout, plan);
      else io.stdout.write(renderPlan(plan));
      return EXIT.ok;
    }
    const result = await runLoop(options);
    if (values.json) writeJson(io.stdout, result);
    return exitFor(result);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
