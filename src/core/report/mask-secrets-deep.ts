import { maskSecrets } from './mask-secrets.js';

/**
 * maskSecrets on every string inside `value` (JSON-shaped data), keeping its shape: the way to mask
 * anything that will be serialised, since masking serialised JSON text can break it.
 */
export function maskSecretsDeep<T>(value: T, extra: readonly string[] = []): T {
  if (typeof value === 'string') return maskSecrets(value, extra) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => maskSecretsDeep(v, extra)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskSecretsDeep(v, extra)])) as T;
  }
  return value;
}
