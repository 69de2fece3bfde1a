import { isAbsolute, resolve } from 'node:path';
import type { DriverWords } from '../runner/loop-driver/driver-words.js';

/** A bad input value: the step fails with this one line, which names the input. */
export class ActionInputError extends Error {
  override readonly name = 'ActionInputError';
}

export type FailOn = 'failure' | 'dead-letter' | 'never';
export type PushMode = 'auto' | 'never';

export interface ActionInputs {
  /** Absolute. */
  workingDirectory: string;
  /** Absolute, or undefined for the config found from the working directory. */
  configPath: string | undefined;
  fix: boolean;
  maxRetries: number | undefined;
  agentCommand: string | undefined;
  token: string;
  /** Reads the pull request only (the App's `/close-loop fix` guidance) when `token` is empty. */
  readToken: string;
  push: PushMode;
  failOn: FailOn;
  dryRun: boolean;
}

/** How reports name the agent setting in the Action (the CLI's is `pass --agent`). */
export const ACTION_AGENT_HINT = "the Action's agent-command input";

/**
 * Where the Action runs, for how a person retries after fixing by hand: a pull request in App mode (the
 * App answers `/close-loop` commands), another pull request, or a commit off any pull request.
 */
export type ActionPlace = 'app' | 'pull-request' | 'commit';

/**
 * The workflow's user has no `closed-loop resume`: a push runs the loop again; a re-run (or, in App mode,
 * the App's commands) when no commit was needed.
 */
const ACTION_RETRY: Record<ActionPlace, string> = {
  'pull-request':
    "push the fix to the pull request's branch: the workflow runs the loop again on the new head (when nothing needed committing, such as a secret or a service, re-run this workflow).",
  app: "push the fix to the pull request's branch: the workflow runs the loop again on the new head (when nothing needed committing, such as a secret or a service, comment `/close-loop resume`, then `/close-loop retry`).",
  commit:
    'push the fix: the workflow runs the loop again on the new commit (when nothing needed committing, such as a secret or a service, re-run this workflow).',
};

/**
 * How the run's messages name the Action's settings: its inputs, not the CLI's flags. A dirty tree in a
 * job was left by a step before this one (the checkout is clean), and the Action has no allow-dirty: the
 * loop commits and rolls back its fixes on a clean tree.
 */
export function actionWords(place: ActionPlace): DriverWords {
  return {
    cwd: 'the working-directory input',
    noFix: 'the fix input is false',
    dirty:
      'a step before closed-loop in this job left them (a build, a coverage report, an install that rewrote a lock file): ' +
      'add them to .gitignore, run closed-loop before that step, or undo them in a step before it ' +
      '(`git checkout -- . && git clean -fd`, which keeps ignored files such as node_modules). ' +
      'The loop needs a clean checkout: it commits its fixes and rolls back the ones that do not help',
    retry: ACTION_RETRY[place],
  };
}

/** How an input is read: `core.getInput` in the Action, a plain record in tests. */
export type GetInput = (name: string) => string;

/**
 * Reads and validates the Action's inputs. The runner fills in action.yml's defaults, but an empty
 * value (an input set to '' or a step run without them) falls back to the same defaults here.
 */
export function readInputs(get: GetInput, workspace: string): ActionInputs {
  const text = (name: string): string | undefined => get(name).trim() || undefined;
  const workingDirectory = resolve(workspace, text('working-directory') ?? '.');
  const config = text('config');
  return {
    workingDirectory,
    configPath:
      config === undefined ? undefined : isAbsolute(config) ? config : resolve(workingDirectory, config),
    fix: bool(text('fix'), 'fix', true),
    maxRetries: wholeNumber(text('max-retries')),
    agentCommand: text('agent-command'),
    token: get('token').trim(),
    readToken: get('read-token').trim(),
    push: oneOf(text('push'), 'push', ['auto', 'never'] as const, 'auto'),
    failOn: oneOf(text('fail-on'), 'fail-on', ['failure', 'dead-letter', 'never'] as const, 'failure'),
    dryRun: bool(text('dry-run'), 'dry-run', false),
  };
}

/**
 * Inputs that are valid but do not do what they seem to: a warning each, the run goes on. `max-retries`
 * counts the loop's evaluations, the one that finds the failure included (the seed's retry_count >=
 * max_retries → dead letter), so 1 leaves no evaluation for a fix.
 */
export function inputWarnings(inputs: ActionInputs): string[] {
  return inputs.maxRetries === 1
    ? [
        'closed-loop: max-retries: 1 allows no fix attempt: it counts evaluations of the checks, and the first one, which finds the failure, uses it up, so a failure is a dead letter at once. ' +
          "Set 2 for one fix attempt (3 allows 2), or leave it empty for each pattern's own budget.",
      ]
    : [];
}

/** The YAML 1.2 core schema's booleans, as `core.getBooleanInput` accepts them. */
function bool(value: string | undefined, name: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  throw new ActionInputError(`input ${name} must be true or false, not "${value}"`);
}

function oneOf<T extends string>(
  value: string | undefined,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new ActionInputError(`input ${name} must be one of ${allowed.join(', ')}, not "${value}"`);
}

function wholeNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new ActionInputError(`input max-retries must be a whole number from 1, not "${value}"`);
  }
  return n;
}

/** Whether the verdict fails the step, as fail-on asks. */
export function failsStep(status: string, failOn: FailOn): boolean {
  if (failOn === 'never') return false;
  if (failOn === 'dead-letter') return status === 'failed';
  return status !== 'success';
}
