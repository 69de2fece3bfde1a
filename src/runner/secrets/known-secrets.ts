import { maskSecrets } from '../../core/report/mask-secrets.js';
import { maskSecretsDeep } from '../../core/report/mask-secrets-deep.js';
import { envSecrets } from '../fixers/mask-deep.js';

/** Values this process learned are secret: tokens it was given, and `::add-mask::` values a tool printed. */
const registered = new Set<string>();

/** Adds a value to mask everywhere from now on (the Action's token, an `::add-mask::` value). */
export function registerSecret(value: string): void {
  const trimmed = value.trim();
  if (trimmed !== '') registered.add(trimmed);
}

const ADD_MASK = /::add-mask::(.+)$/;

/**
 * Registers the value of a GitHub workflow command `::add-mask::VALUE` found in a line of a tool's
 * output: the runner hides it in the job log, and closed-loop hides it in everything it writes.
 */
export function registerAddMask(line: string): void {
  const value = ADD_MASK.exec(line)?.[1];
  if (value !== undefined) registerSecret(value);
}

/** Every literal to mask: secret-named environment variables' values and the registered values. */
export function knownSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  return [...envSecrets(env), ...registered];
}

/**
 * The one masking every output goes through: files, stdout and stderr, the artifact, the Action's outputs.
 */
export function maskOutput(text: string): string {
  return maskSecrets(text, knownSecrets());
}

/** maskOutput on every string inside JSON-shaped data. */
export function maskOutputDeep<T>(value: T): T {
  return maskSecretsDeep(value, knownSecrets());
}
