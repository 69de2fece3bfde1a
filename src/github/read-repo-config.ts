import { parse as parseYaml } from 'yaml';
import { parseExtendsTarget, mergeConfigLayers, type ExtendsTarget } from '../core/config/extends-target.js';
import { formatConfigError, parseConfig, type ConfigError } from '../core/config/parse-config.js';
import { ConfigSchema, DEFAULT_CONFIG_PATH, defaultConfig, type Config } from '../core/config/schema.js';
import type { GitHub } from './github-request.js';
import { readFileAt } from './read-file-at.js';

export type RepoConfig =
  | {
      ok: true;
      config: Config;
      /** The files read, base first; [] when the defaults apply. */ sources: string[];
    }
  | {
      ok: false;
      /** One line: `owner/repo:path@ref:line:col: what; hint`. */ message: string;
      error?: ConfigError;
    };

/** How many `_extends` hops are followed: a repository's file, its org defaults, and one more. */
const MAX_DEPTH = 3;

/**
 * The repository's `.github/closed-loop.yml` read from `ref` (the default branch: a pull request cannot
 * weaken its own gates), with `_extends` followed to organisation defaults (their default branch). Each
 * file must be valid on its own; a mistake is located in the file that has it. Never throws for a
 * user's mistake; a GitHub failure other than 404 throws GitHubWriteError.
 */
export async function readRepoConfig(
  octokit: GitHub,
  where: { owner: string; repo: string; ref: string },
): Promise<RepoConfig> {
  const layers: { raw: unknown; label: string }[] = [];
  let target: ExtendsTarget & { ref?: string } = {
    owner: where.owner,
    repo: where.repo,
    path: DEFAULT_CONFIG_PATH,
    ref: where.ref,
  };
  const seen = new Set<string>();
  for (let depth = 0; depth < MAX_DEPTH; depth += 1) {
    const label = `${target.owner}/${target.repo}:${target.path}${target.ref ? `@${target.ref}` : ''}`;
    const file = await readFileAt(octokit, target);
    if (file === null) {
      if (depth === 0) return { ok: true, config: defaultConfig(), sources: [] };
      return {
        ok: false,
        message: `${layers[0]?.label}: _extends: ${label} does not exist (or the App is not installed on ${target.owner}/${target.repo}); fix the reference or install the App there`,
      };
    }
    const text = file.text;
    if (text === null)
      return {
        ok: false,
        message: `${label}: the config file is larger than 256 KB; it cannot be a closed-loop config`,
      };
    const parsed = parseConfig(text, label);
    if (!parsed.ok) return { ok: false, message: formatConfigError(parsed.error), error: parsed.error };
    const raw: unknown = parseYaml(text) ?? {};
    layers.unshift({ raw, label });
    seen.add(`${target.owner}/${target.repo}:${target.path}`.toLowerCase());
    const ext = parsed.config._extends;
    if (ext === undefined) return merged(layers);
    const next = parseExtendsTarget(ext, target);
    if ('error' in next) return { ok: false, message: `${label}: ${next.error}` };
    if (seen.has(`${next.owner}/${next.repo}:${next.path}`.toLowerCase())) {
      return {
        ok: false,
        message: `${label}: _extends: ${ext} leads back to a file already read (a cycle); remove one of the _extends`,
      };
    }
    target = next;
  }
  return {
    ok: false,
    message: `${layers[0]?.label}: _extends is nested more than ${MAX_DEPTH - 1} levels deep; point it at the defaults directly`,
  };
}

function merged(layers: { raw: unknown; label: string }[]): RepoConfig {
  const raw = layers.reduce<unknown>((base, layer) => mergeConfigLayers(base, layer.raw), {});
  const result = ConfigSchema.safeParse(raw);
  const sources = layers.map((l) => l.label);
  if (result.success) return { ok: true, config: result.data, sources };
  const issue = result.error.issues[0];
  return {
    ok: false,
    message: `${sources.at(-1)}: with ${sources.slice(0, -1).join(', ')} merged in: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
  };
}
