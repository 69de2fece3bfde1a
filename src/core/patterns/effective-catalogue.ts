import { compileCatalogue, type CompiledCatalogue } from './compile-catalogue.js';
import { defaultPatterns } from './default-catalogue.js';
import { mergeCatalogue, type PatternCustomisation } from './merge-catalogue.js';

/** The catalogue a run uses: the defaults with the config's `patterns` section applied, compiled. */
export function effectiveCatalogue(custom?: PatternCustomisation): CompiledCatalogue {
  return compileCatalogue(mergeCatalogue(defaultPatterns(), custom));
}
