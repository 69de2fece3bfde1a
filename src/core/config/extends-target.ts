/** Where an `_extends` value points: a config file in another repository of the same GitHub host. */
export interface ExtendsTarget {
  owner: string;
  repo: string;
  path: string;
}

const NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * Reads `_extends` the way Probot's config plugin does: `repo` (same owner), `owner/repo`, each with an
 * optional `:path` (default: the same path as the extending file). Returns a sentence for a value that
 * is none of these: a URL, `..` in the path, an absolute path.
 */
export function parseExtendsTarget(
  value: string,
  from: { owner: string; path: string },
): ExtendsTarget | { error: string } {
  const [where = '', path = from.path, ...rest] = value.trim().split(':');
  const [first = '', second, ...more] = where.split('/');
  const bad = (why: string) => ({
    error: `_extends: "${value}" ${why}; write "repo", "owner/repo" or "owner/repo:path/to/file.yml"`,
  });
  if (rest.length > 0 || more.length > 0) return bad('is not a repository reference');
  const owner = second === undefined ? from.owner : first;
  const repo = second === undefined ? first : second;
  if (!NAME.test(owner) || !NAME.test(repo) || repo === '.' || repo === '..')
    return bad('names no repository');
  if (path === '' || path.startsWith('/') || path.split('/').some((p) => p === '..' || p === ''))
    return bad('has an invalid path');
  return { owner, repo, path };
}

type Layer = Record<string, unknown>;
const isObject = (v: unknown): v is Layer => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The raw config `own` lays over `base`: objects merge key by key, everything else (lists included) is
 * replaced, so a repository that lists its own checks gets exactly those. `_extends` is not carried over.
 */
export function mergeConfigLayers(base: unknown, own: unknown): unknown {
  if (!isObject(base) || !isObject(own)) return own === undefined ? base : own;
  const out: Layer = { ...base };
  for (const [key, value] of Object.entries(own))
    out[key] = key in base ? mergeConfigLayers(base[key], value) : value;
  delete out._extends;
  return out;
}
