import { isAbsolute, resolve } from 'node:path';

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
