import { parse } from 'yaml';
import { z } from 'zod';
import text from './default-patterns.yml?raw';
import { PatternSchema, type Pattern } from './pattern.js';

const CatalogueFileSchema = z.object({ version: z.literal(1), patterns: z.array(PatternSchema) });

let cached: readonly Pattern[] | undefined;

/** The catalogue that ships with closed-loop (src/core/patterns/default-patterns.yml), validated once. */
export function defaultPatterns(): readonly Pattern[] {
  cached ??= Object.freeze(CatalogueFileSchema.parse(parse(text)).patterns);
  return cached;
}

export const DEFAULT_PATTERNS_SOURCE = 'src/core/patterns/default-patterns.yml';
