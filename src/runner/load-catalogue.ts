import type { Config } from '../core/config/schema.js';
import type { CompiledCatalogue } from '../core/patterns/compile-catalogue.js';
import { effectiveCatalogue } from '../core/patterns/effective-catalogue.js';
import { CatalogueError } from '../core/patterns/merge-catalogue.js';
import { enableLinearRegexFallback } from './linear-regex-fallback.js';
import { ConfigLoadError, loadConfig, type LoadConfigOptions } from './load-config.js';

export interface LoadedCatalogue {
  config: Config;
  source: string | null;
  /** A config at a place that is not read (see loadConfig). */
  hint?: string;
  catalogue: CompiledCatalogue;
}

/** The config and the pattern catalogue it makes effective; a bad custom pattern is a config error. */
export async function loadCatalogue(options: LoadConfigOptions): Promise<LoadedCatalogue> {
  const { config, source, hint } = await loadConfig(options);
  enableLinearRegexFallback();
  try {
    return {
      config,
      source,
      ...(hint === undefined ? {} : { hint }),
      catalogue: effectiveCatalogue(config.patterns),
    };
  } catch (err) {
    if (err instanceof CatalogueError) throw new ConfigLoadError(`${source ?? 'config'}: ${err.message}`);
    throw err;
  }
}
