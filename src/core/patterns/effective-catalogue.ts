import { compileCatalogue, type CompiledCatalogue } from './compile-catalogue.js';
import { defaultPatterns } from './default-catalogue.js';
import { mergeCatalogue, type PatternCustomisation } from './merge-catalogue.js';

/** The catalogue a run uses: the defaults with the config's `patterns` section applied, compiled. */
export function effectiveCatalogue(custom?: PatternCustomisation): CompiledCatalogue {
  const own = [
    ...(custom?.add ?? []).map((p) => p.id),
    ...Object.entries(custom?.override ?? {})
      .filter(([, fields]) => fields.signals !== undefined)
      .map(([id]) => id),
  ];
  return compileCatalogue(mergeCatalogue(defaultPatterns(), custom), new Set(own));
}
