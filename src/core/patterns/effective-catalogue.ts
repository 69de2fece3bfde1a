import { compileCatalogue, type CompiledCatalogue } from './compile-catalogue.js';
import { defaultPatterns } from './default-catalogue.js';
import { mergeCatalogue, type PatternCustomisation } from './merge-catalogue.js';

/** Compiled catalogues by their customisation, the most recently used last. */
const compiled = new Map<string, CompiledCatalogue>();
/**
 * Distinct customisations kept: an App serves many repositories, most on the defaults; each catalogue with
 * its scanner's tables holds about 2.7 MB (measured), so at most about 22 MB.
 */
const MAX_KEPT = 8;

/**
 * The catalogue a run uses: the defaults with the config's `patterns` section applied, compiled. The same
 * customisation gives the same catalogue object: the App asks once per delivery, and compiling (15–40 ms)
 * and the byte scanner's tables, kept per catalogue (20–50 ms), are then paid once. A compiled catalogue is
 * never changed (its expressions carry no g or y flag), so analyses share it.
 */
export function effectiveCatalogue(custom?: PatternCustomisation): CompiledCatalogue {
  const key = keyOf(custom);
  const kept = compiled.get(key);
  if (kept !== undefined) {
    compiled.delete(key);
    compiled.set(key, kept);
    return kept;
  }
  const catalogue = compile(custom);
  compiled.set(key, catalogue);
  if (compiled.size > MAX_KEPT) compiled.delete(compiled.keys().next().value!);
  return catalogue;
}

/**
 * The same key for customisations that change nothing: a config's parsed `patterns` section is
 * `{ add: [], override: {}, disable: [] }` by default, which is the built-in catalogue, as `{}` and none are.
 */
function keyOf(custom?: PatternCustomisation): string {
  const { add = [], override = {}, disable = [] } = custom ?? {};
  if (add.length === 0 && Object.keys(override).length === 0 && disable.length === 0) return '{}';
  return JSON.stringify(custom);
}

function compile(custom?: PatternCustomisation): CompiledCatalogue {
  const own = [
    ...(custom?.add ?? []).map((p) => p.id),
    ...Object.entries(custom?.override ?? {})
      .filter(([, fields]) => fields.signals !== undefined)
      .map(([id]) => id),
  ];
  return compileCatalogue(mergeCatalogue(defaultPatterns(), custom), new Set(own));
}
