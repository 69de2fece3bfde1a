import { z } from 'zod';
import { defaultPatterns } from '../patterns/default-catalogue.js';
import { didYouMean } from './did-you-mean.js';
import { ConfigSignalSchema, PatternSchema } from '../patterns/pattern.js';
import {
  CheckTypeSchema,
  ComplexitySchema,
  GATES,
  PERMISSIONS,
  TASK_TYPES,
  type Permission,
  type Gate,
  type TaskType,
} from '../vocabulary.js';
import {
  CRITERION_TYPES,
  DEFAULT_GATE_PATHS,
  DEFAULT_REGRESSION,
  DEFAULT_TASK_CRITERIA,
} from './defaults.js';
import { uniqueBy } from './unique-by.js';
import { MAX_ADDED_PATTERNS, MAX_CHECKS, MAX_NAME_LENGTH, MAX_SIGNALS_PER_PATTERN } from '../limits.js';
import { WeakenedChecksSchema } from './weakened-checks-schema.js';
import { ApplySchema } from './apply-schema.js';
import {
  COMMAND_PREFIX,
  COMMANDS,
  CONFIGURED_COMMANDS,
  type ConfiguredCommand,
} from '../pr-commands/command-table.js';

const CONFIG_VERSION = 1;
export const DEFAULT_CONFIG_PATH = '.github/closed-loop.yml';

const seconds = (max: number) => z.number().int().positive().max(max);

export const CheckSchema = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(MAX_NAME_LENGTH)
    .describe('A unique name for the check, shown in reports and in the check run.'),
  type: CheckTypeSchema.describe('What the check verifies; decides how its failures are analyzed.'),
  command: z
    .string()
    .min(1)
    .describe('The shell command that runs the check; exit status 0 means it passed.'),
  fix_command: z
    .string()
    .min(1)
    .optional()
    .describe(
      'A command that fixes what the check reports (e.g. `eslint --fix`), used by the auto_fix strategy.',
    ),
  timeout: seconds(21_600)
    .default(600)
    .describe('Seconds before the check is stopped and counted as a timeout.'),
});
export type Check = z.infer<typeof CheckSchema>;

/** Descriptions editors show for pattern fields (PatternSchema itself carries none). */
const PATTERN_DOCS: Partial<Record<string, string>> = {
  id: 'A kebab-case id, e.g. my-tool-error.',
  description: 'What the failure is, in a few words.',
  category: 'The failure category.',
  signals: 'Substrings (case-insensitive) or /regex/flags found in the failing output.',
  strategy: 'The fix strategy tried first.',
  alternatives: 'Strategies to try, in order, when the same error comes back.',
  max_auto_retries:
    'Evaluations in a row failing with this pattern before the loop gives up (a dead letter); the one that finds it counts: 3 allows 2 fix attempts, 1 allows one.',
  retryable: 'Whether retrying can help at all.',
  priority:
    'How likely the failure is a root cause (0-100); the highest priority wins when several patterns fire.',
  suggestion: 'What a person should try, shown in escalation and dead-letter reports.',
};
type Shape = typeof PatternSchema.shape;
type Bare<T> = T extends z.ZodDefault<infer I> ? I : T;
const describe = <T extends z.ZodType>(key: string, field: T): T => {
  const doc = PATTERN_DOCS[key];
  return doc === undefined ? field : field.describe(doc);
};
/** A config's signals: each capped in length, at most MAX_SIGNALS_PER_PATTERN of them (limits.ts). */
const ConfigSignalsSchema = z.array(ConfigSignalSchema).min(1).max(MAX_SIGNALS_PER_PATTERN);
const mapPattern = (make: (field: Shape[keyof Shape]) => z.ZodType) =>
  Object.fromEntries(
    Object.entries(PatternSchema.shape).map(([key, field]) => [
      key,
      describe(key, make(key === 'signals' ? (ConfigSignalsSchema as unknown as Shape['signals']) : field)),
    ]),
  );
const PatternAddSchema = z.strictObject(mapPattern((field) => field) as Shape);
/**
 * PatternSchema's fields but the id, all optional and without defaults: an override replaces only what it
 * names.
 */
const PatternOverrideSchema = z
  .strictObject(
    mapPattern((field) => (field instanceof z.ZodDefault ? field.unwrap() : field).optional()) as {
      [K in keyof Shape]: z.ZodOptional<Bare<Shape[K]>>;
    },
  )
  .omit({ id: true });

/** override and disable name built-in patterns; add must not reuse their ids. Errors point at the id. */
function checkPatternIds(
  p: { add: { id: string }[]; override: Record<string, unknown>; disable: string[] },
  ctx: z.RefinementCtx,
): void {
  const builtIn = defaultPatterns().map((d) => d.id);
  const unknown = (id: string, path: PropertyKey[], target: 'key' | 'value'): void => {
    if (builtIn.includes(id)) return;
    const suggestion = didYouMean(id, builtIn);
    ctx.addIssue({
      code: 'custom',
      path,
      input: id,
      message: `no built-in pattern "${id}" (closed-loop patterns lists them)`,
      params: { target, ...(suggestion ? { hint: `did you mean "${suggestion}"?` } : {}) },
    });
  };
  p.disable.forEach((id, i) => unknown(id, ['disable', i], 'value'));
  for (const id of Object.keys(p.override)) unknown(id, ['override', id], 'key');
  p.add.forEach(({ id }, i) => {
    if (builtIn.includes(id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['add', i, 'id'],
        input: id,
        message: `"${id}" is a built-in pattern`,
        params: { hint: `change it under patterns.override.${id} instead` },
      });
    }
  });
}

const PatternsSchema = z
  .strictObject({
    add: z
      .array(PatternAddSchema)
      .max(MAX_ADDED_PATTERNS)
      .default([])
      .superRefine(uniqueBy('id', 'pattern id'))
      .describe('New failure patterns; their ids must differ from the built-in ones.'),
    override: z
      .record(PatternSchema.shape.id, PatternOverrideSchema)
      .default({})
      .describe('Changes to built-in patterns, by id: only the fields given are replaced.'),
    disable: z.array(PatternSchema.shape.id).default([]).describe('Ids of built-in patterns to switch off.'),
  })
  .superRefine(checkPatternIds);

const RetrySchema = z.strictObject({
  max_retries: z
    .number()
    .int()
    .min(0)
    .max(50)
    .default(3)
    .describe(
      'Evaluations in a row of one failure no pattern matched before the loop gives up (a dead letter); the one that finds it counts: 3 allows 2 fix attempts, 1 allows one.',
    ),
  same_error_retries: z
    .number()
    .int()
    .min(1)
    .max(20)
    .default(2)
    .describe(
      'How often the same error may come back under the same strategy before another strategy is tried (the same-error rule).',
    ),
  max_total_failures: z
    .number()
    .int()
    .min(1)
    .max(500)
    .default(10)
    .describe('Failures across the whole run before it ends as a dead letter.'),
  backoff: z
    .strictObject({
      initial_seconds: z
        .number()
        .min(0)
        .default(5)
        .describe('Wait before the first retry_with_backoff retry.'),
      factor: z
        .number()
        .min(1)
        .default(2)
        .describe('Each further wait is the previous one times this factor.'),
      max_seconds: z.number().min(0).default(300).describe('The longest wait between two retries.'),
    })
    .prefault({})
    .describe('Waits for the retry_with_backoff strategy.'),
});

const gateSchema = (gate: Gate) =>
  z
    .strictObject({
      paths: z
        .array(z.string().min(1))
        .default(() => [...DEFAULT_GATE_PATHS[gate]])
        .describe(`Globs of changed files that need the ${gate} gate's approval; [] switches the gate off.`),
      approvers: z
        .strictObject({
          min_permission: z
            .enum(PERMISSIONS)
            .default('maintain')
            .describe(
              'The least repository permission an approver needs (also needed by team and user approvers).',
            ),
          teams: z
            .array(z.string().min(1))
            .default([])
            .describe('Team slugs whose members may approve; [] means anyone with min_permission.'),
          users: z
            .array(z.string().min(1))
            .default([])
            .describe('Logins that may approve; [] means anyone with min_permission.'),
        })
        .prefault({})
        .describe('Who may approve the gate.'),
      allow_author: z
        .boolean()
        .default(false)
        .describe("Whether the pull request's author may approve their own change."),
      invalidate_on_push: z
        .boolean()
        .default(true)
        .describe('Whether a new push withdraws an earlier approval.'),
    })
    .prefault({})
    .describe(`The ${gate} human gate.`);
const GatesSchema = z.strictObject(
  Object.fromEntries(GATES.map((gate) => [gate, gateSchema(gate)])) as Record<
    Gate,
    ReturnType<typeof gateSchema>
  >,
);

const RegressionSchema = z.strictObject({
  enabled_for_complexity: z
    .array(ComplexitySchema)
    .default(() => [...DEFAULT_REGRESSION.enabled_for_complexity])
    .describe('Task complexities for which dependents are re-tested after a change.'),
  search_depth: z
    .number()
    .int()
    .min(0)
    .max(10)
    .default(DEFAULT_REGRESSION.search_depth)
    .describe('How many levels of importers to follow when finding dependent files.'),
  exclude_patterns: z
    .array(z.string().min(1))
    .default(() => [...DEFAULT_REGRESSION.exclude_patterns])
    .describe('Globs of files never treated as dependents.'),
});

const CriterionSchema = z.strictObject({
  name: z.string().min(1).max(MAX_NAME_LENGTH).describe('A unique name for the criterion.'),
  type: z
    .enum(CRITERION_TYPES)
    .describe(
      'lint|type|test|build run the configured checks of that type; custom, syntax and command run `command`; approval waits for `gate`.',
    ),
  description: z.string().optional().describe('What the criterion means, for people and agents.'),
  command: z
    .string()
    .min(1)
    .optional()
    .describe('A command to run instead of the configured checks of the same type.'),
  scope: z.string().optional().describe('Which part of the code the criterion covers.'),
  expected: z.string().optional().describe('The expected outcome, for custom criteria.'),
  gate: z.enum(GATES).optional().describe('The human gate an approval criterion waits for.'),
});
const criteria = (type: TaskType) =>
  z
    .array(CriterionSchema)
    .superRefine(uniqueBy('name', 'criterion name'))
    .prefault(() => DEFAULT_TASK_CRITERIA[type].map((c) => ({ ...c })))
    .describe(`Success criteria for ${type} tasks; a list given here replaces the default list.`);
const TaskTypesSchema = z.strictObject(
  Object.fromEntries(TASK_TYPES.map((type) => [type, criteria(type)])) as Record<
    TaskType,
    ReturnType<typeof criteria>
  >,
);

const AgentSchema = z.strictObject({
  command: z
    .string()
    .min(1)
    .optional()
    .describe(
      'The coding agent to run for analyze_then_fix and context_expand; it gets the prompt on stdin.',
    ),
  timeout: seconds(21_600)
    .default(900)
    .describe('Seconds before one agent run is stopped (its whole process tree is killed).'),
  env: z
    .array(
      z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name, e.g. ANTHROPIC_API_KEY'),
    )
    .default([])
    .describe(
      'Environment variables the agent gets besides PATH, HOME, LANG, LC_*, TERM, TMPDIR, CI and CLOSED_LOOP_* (tokens are not passed unless named here).',
    ),
  max_runs: z
    .strictObject({
      per_task: z
        .number()
        .int()
        .min(0)
        .max(100)
        .default(5)
        .describe('Agent runs one task (one `closed-loop run`) may use; then the loop escalates.'),
      per_pull_request: z
        .number()
        .int()
        .min(0)
        .max(1000)
        .default(20)
        .describe(
          "Agent runs over a pull request's whole life (counted in its sticky loop comment); then the loop escalates.",
        ),
    })
    .prefault({})
    .describe('How often the agent may run.'),
  max_files: z
    .number()
    .int()
    .positive()
    .max(10_000)
    .optional()
    .describe('The most files one agent run may change; a bigger change is rolled back and escalated.'),
  max_lines: z
    .number()
    .int()
    .positive()
    .max(1_000_000)
    .optional()
    .describe(
      'The most lines (added plus removed) one agent run may change; a bigger change is rolled back and escalated.',
    ),
});

/**
 * The least permission for each `/close-loop` command (its default and description from the command
 * table); approve and skip follow the gate's approvers instead.
 */
const CommandsSchema = z.strictObject(
  Object.fromEntries(
    CONFIGURED_COMMANDS.map((name) => [
      name,
      z
        .enum(PERMISSIONS)
        .default(COMMANDS[name].permission)
        .describe(
          `The least repository permission needed to run \`${COMMAND_PREFIX} ${name}\` (${COMMANDS[name].does}).`,
        ),
    ]),
  ) as Record<ConfiguredCommand, z.ZodDefault<z.ZodEnum<{ [P in Permission]: P }>>>,
);

const LoopGuardSchema = z.strictObject({
  max_commits_in_a_row: z
    .number()
    .int()
    .min(0)
    .max(20)
    .default(3)
    .describe(
      "At most this many of the loop's fix commits at the tip of a branch; then a person (or other CI) must push first. 0: the loop never pushes.",
    ),
  max_fix_commits: z
    .number()
    .int()
    .min(0)
    .max(100)
    .default(10)
    .describe(
      "At most this many of the loop's fix commits on one pull request over its whole life (counted in its sticky loop comment).",
    ),
});

/**
 * The outer loop (the App): a pattern's strategy whose loops in this repository keep failing is demoted —
 * its fixes are proposed, not committed — until its success rate is back at the threshold.
 */
export const OuterLoopSchema = z.strictObject({
  min_loops: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(5)
    .describe(
      'A strategy is judged on a pattern only after this many of its loops in the repository (within window_days).',
    ),
  threshold: z
    .number()
    .min(0)
    .max(1)
    .default(0.3)
    .describe(
      "A pattern's strategy whose success rate is below this (0-1) is demoted: its fixes are proposed as suggested changes, not committed. 0: never demote.",
    ),
  window_days: z
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(90)
    .describe('The loops that count: those of the last this many days (older ones no longer weigh).'),
});

/** The App on red workflow runs that uploaded no closed-loop-result (no Action in the workflow). */
const CiSchema = z.strictObject({
  diagnose: z
    .boolean()
    .default(true)
    .describe("Diagnose every red workflow run on a pull request: the failed jobs' logs, on the PR."),
  workflows: z
    .array(z.string().min(1))
    .default([])
    .describe('Names of the workflows to watch; empty: all of them.'),
  ignore_workflows: z
    .array(z.string().min(1))
    .default([])
    .describe('Names of workflows never diagnosed nor re-run.'),
  ignore_jobs: z
    .array(z.string().min(1))
    .default([])
    .describe(
      'Names of jobs never diagnosed nor re-run (a matrix job is named `test (20)`: give that name).',
    ),
  auto_rerun: z
    .boolean()
    .default(true)
    .describe(
      'Re-run the failed jobs of a run whose failure looks transient (network, timeout, rate limit, resource, a flaky test).',
    ),
  rerun_budget: z
    .number()
    .int()
    .min(0)
    .max(5)
    .default(1)
    .describe(
      "At most this many automatic re-runs per head commit and workflow (and never more than the pattern's max_auto_retries).",
    ),
  max_log_mb: z
    .number()
    .int()
    .min(1)
    .max(512)
    .default(64)
    .describe("Only the first this-many MB of each failed job's log are read (streamed, never held whole)."),
});

export const ConfigSchema = z
  .strictObject({
    version: z.literal(CONFIG_VERSION).describe('The config format version; always 1.'),
    _extends: z
      .string()
      .min(1)
      .optional()
      .describe('Organisation defaults to start from, e.g. `my-org/.github` (read by the GitHub App).'),
    state_dir: z
      .string()
      .min(1)
      .optional()
      .describe(
        "Where the loop keeps its state, logs and reports, relative to the repository root (default: closed-loop/ in the repository's git directory, outside the working tree).",
      ),
    checks: z
      .array(CheckSchema)
      .max(MAX_CHECKS)
      .default([])
      .superRefine(uniqueBy('name', 'check name'))
      .describe('The checks the loop evaluates, in order.'),
    patterns: PatternsSchema.prefault({}).describe('Changes to the failure-pattern catalogue.'),
    retry: RetrySchema.prefault({}).describe('Retry budgets: when the loop stops trying.'),
    gates: GatesSchema.prefault({}).describe('Human gates: which changes need whose approval.'),
    regression: RegressionSchema.prefault({}).describe('Regression detection in dependent files.'),
    task_types: TaskTypesSchema.prefault({}).describe('Success criteria per task type.'),
    agent: AgentSchema.prefault({}).describe('The coding agent used by the fix strategies that need one.'),
    loop_guard: LoopGuardSchema.prefault({}).describe(
      'How many fix commits the loop may push (the Action) or commit (the App) before it stops for a person.',
    ),
    commands: CommandsSchema.prefault({}).describe(
      "Who may run each `/close-loop` command (approve and skip follow the gate's approvers).",
    ),
    ci: CiSchema.prefault({}).describe(
      'What the App does on red workflow runs without the Action: diagnosis, re-runs, flaky record.',
    ),
    weakened_checks: WeakenedChecksSchema.describe(
      'The VALIDATE gate that refuses fixes which make a check pass by weakening it (skipped tests, suppressions, loosened checks).',
    ),
    apply: ApplySchema.describe(
      'Whether the App commits a verified fix or proposes it as suggested changes (per repository, path and pattern; forks always get suggestions).',
    ),
    outer_loop: OuterLoopSchema.prefault({}).describe(
      "The loop around the loop (the App): demote a pattern's strategy whose fixes keep failing in this repository.",
    ),
  })
  .describe('closed-loop configuration (.github/closed-loop.yml)');

export type Config = z.infer<typeof ConfigSchema>;

/** The configuration used when there is no file (or an empty one). A fresh object on every call. */
export function defaultConfig(): Config {
  return ConfigSchema.parse({ version: CONFIG_VERSION });
}
