import { maskSecrets } from '../../core/report/mask-secrets.js';

/** Env variables whose values are secrets by name; masked as literals wherever they appear. */
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|PRIVATE_KEY|API_KEY|ACCESS_KEY|CREDENTIALS/i;

/** Values of the secret-looking environment variables (at least 8 characters). */
export function envSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.entries(env)
    .filter(([k, v]) => SECRET_NAME.test(k) && v !== undefined && v.length >= 8)
    .map(([, v]) => v as string);
}

/** maskSecrets applied to every string inside `value` (JSON-shaped data), keeping the shape. */
export function maskDeep<T>(value: T, extra: readonly string[] = envSecrets()): T {
  if (typeof value === 'string') return maskSecrets(value, extra) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => maskDeep(v, extra)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskDeep(v, extra)])) as T;
  }
  return value;
}
