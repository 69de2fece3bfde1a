import { parse } from 'yaml';
import { z } from 'zod';
import text from './default-patterns.yml?raw';
import { PatternSchema, type Pattern } from './pattern.js';
import { TOOLS } from './tools/index.js';
import { PATTERN_IDS, type PatternId, type Tool } from './tools/tool.js';

const KindSchema = PatternSchema.omit({ signals: true });
const CatalogueFileSchema = z.object({ version: z.literal(1), patterns: z.array(KindSchema) });

let cached: readonly Pattern[] | undefined;

/**
 * The catalogue that ships with closed-loop, validated once: the patterns of
 * src/core/patterns/default-patterns.yml, each with the signals the tools (src/core/patterns/tools) give it,
 * in the tools' order.
 */
export function defaultPatterns(): readonly Pattern[] {
  cached ??= Object.freeze(joinSignals(CatalogueFileSchema.parse(parse(text)).patterns, TOOLS));
  return cached;
}

/** A tool's signal as a config writes it: a literal, or `/source/flags`. */
const signalSource = (signal: string | RegExp): string =>
  typeof signal === 'string' ? signal : String(signal);

function joinSignals(kinds: readonly z.infer<typeof KindSchema>[], tools: readonly Tool[]): Pattern[] {
  const ids = kinds.map((k) => k.id);
  if (ids.join() !== PATTERN_IDS.join())
    throw new Error(`default-patterns.yml lists ${ids.join(', ')}; PATTERN_IDS (tools/tool.ts) must match`);
  return kinds.map((kind) =>
    PatternSchema.parse({
      ...kind,
      signals: tools.flatMap((t) => (t.signals?.[kind.id as PatternId] ?? []).map(signalSource)),
    }),
  );
}
