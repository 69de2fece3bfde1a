import { PatternSchema, type Pattern, type PatternInput } from './pattern.js';

/** The `patterns` section of .github/closed-loop.yml, as far as merging needs it. */
export interface PatternCustomisation {
  add?: PatternInput[];
  override?: Record<string, Partial<Omit<PatternInput, 'id'>>>;
  disable?: string[];
}

export class CatalogueError extends Error {}

/**
 * The effective catalogue: defaults, minus disabled ids, with overrides applied field by field, plus
 * added patterns. Unknown ids in override/disable and duplicate ids in add are user mistakes, reported.
 */
export function mergeCatalogue(defaults: readonly Pattern[], custom: PatternCustomisation = {}): Pattern[] {
  const byId = new Map(defaults.map((p) => [p.id, p]));
  const known = (id: string, where: string): void => {
    if (!byId.has(id)) {
      throw new CatalogueError(
        `patterns.${where}: no pattern "${id}" in the catalogue (see \`closed-loop patterns\`)`,
      );
    }
  };
  for (const id of custom.disable ?? []) known(id, `disable`);
  for (const [id, fields] of Object.entries(custom.override ?? {})) {
    known(id, `override.${id}`);
    byId.set(id, PatternSchema.parse({ ...byId.get(id), ...fields, id }));
  }
  for (const id of custom.disable ?? []) byId.delete(id);
  for (const added of custom.add ?? []) {
    if (byId.has(added.id) || defaults.some((p) => p.id === added.id)) {
      throw new CatalogueError(
        `patterns.add: "${added.id}" already exists; use patterns.override.${added.id} to change it`,
      );
    }
    byId.set(added.id, PatternSchema.parse(added));
  }
  return [...byId.values()];
}
