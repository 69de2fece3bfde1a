import { readFile, stat } from 'node:fs/promises';
import { MAX_CONFIG_BYTES } from '../core/limits.js';
import { isAbsolute, relative, resolve } from 'node:path';
import { DEFAULT_CONFIG_PATH, defaultConfig, type Config } from '../core/config/schema.js';
import { formatConfigError, parseConfig, type ConfigError } from '../core/config/parse-config.js';
import { AmbiguousConfigError, findConfig, misplacedConfigHint } from './find-config.js';

/**
 * A user's mistake in (or a missing) config file: the CLI prints `message` — one line — and exits 2.
 * `configError` carries the located mistake (for annotations) when the file was read but is invalid.
 */
export class ConfigLoadError extends Error {
  override readonly name = 'ConfigLoadError';
  constructor(
    message: string,
    readonly configError?: ConfigError,
  ) {
    super(message);
  }
}

export interface LoadConfigOptions {
  /** The repository's working tree. */
  cwd: string;
  /** An explicit config file (relative to cwd, or absolute); it must exist. */
  path?: string;
}

export interface LoadedConfig {
  config: Config;
  /** The absolute path of the file read, or null when there was none and the defaults apply. */
  source: string | null;
  /** When there was none: a config at a place that is not read, in one line. */
  hint?: string;
}

/**
 * Reads and validates the config: `path` when given, else `.github/closed-loop.yml` (or `.yaml`) in
 * `cwd` or above it up to the repository root (absent → the defaults). Throws ConfigLoadError for a missing
 * explicit file, an unreadable file
 * or an invalid config.
 */
export async function loadConfig({ cwd, path }: LoadConfigOptions): Promise<LoadedConfig> {
  const explicit = path !== undefined;
  let discovered: string | null;
  try {
    discovered = explicit ? null : findConfig(resolve(cwd));
  } catch (err) {
    if (err instanceof AmbiguousConfigError) throw new ConfigLoadError(err.message);
    throw err;
  }
  if (!explicit && discovered === null) {
    const hint = misplacedConfigHint(cwd);
    return { config: defaultConfig(), source: null, ...(hint === null ? {} : { hint }) };
  }
  const absolute = explicit ? resolve(cwd, path) : (discovered as string);
  const shown = displayPath(cwd, absolute);
  let text: string;
  try {
    // Looked at before it is opened: opening a FIFO blocks until someone writes to it.
    const info = await stat(absolute);
    if (!info.isFile() && !info.isDirectory())
      throw new ConfigLoadError(
        `${shown}: config file is not a regular file (a FIFO, socket or device); point --config at a YAML file`,
      );
    if (info.size > MAX_CONFIG_BYTES)
      throw new ConfigLoadError(
        `${shown}: config file is ${info.size} bytes; the cap is ${MAX_CONFIG_BYTES} (1 MiB): a config is a page of YAML`,
      );
    text = await readFile(absolute, 'utf8');
  } catch (cause) {
    if (cause instanceof ConfigLoadError) throw cause;
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !explicit) return { config: defaultConfig(), source: null };
    if (code === 'ENOENT')
      throw new ConfigLoadError(
        `${shown}: config file not found; check the path, or leave it out to use ${DEFAULT_CONFIG_PATH}`,
      );
    const detail =
      code === 'EISDIR' ? 'is a directory, not a file' : `could not be read (${code ?? String(cause)})`;
    throw new ConfigLoadError(`${shown}: config file ${detail}`);
  }
  const result = parseConfig(text, shown);
  if (!result.ok) throw new ConfigLoadError(formatConfigError(result.error), result.error);
  return { config: result.config, source: absolute };
}

/** Paths inside the working tree are shown relative to it, as a person would type them. */
function displayPath(cwd: string, absolute: string): string {
  const rel = relative(resolve(cwd), absolute);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? absolute : rel.split('\\').join('/');
}
