import { readFileSync } from 'node:fs';
import { analyzeText } from '../../src/core/analyze/create-analyzer.js';
import { compileCatalogue } from '../../src/core/patterns/compile-catalogue.js';
import { defaultPatterns } from '../../src/core/patterns/default-catalogue.js';
import type { LoadedEntry } from './load-corpus.js';
import type { Scored } from './score.js';

/** The real analyzer with the default catalogue on each log, read as the CLI reads it (utf8). */
export function runCorpus(entries: LoadedEntry[]): Scored[] {
  const catalogue = compileCatalogue(defaultPatterns());
  return entries.map((entry) => ({
    entry,
    diagnosis: analyzeText(catalogue, readFileSync(entry.path, 'utf8')),
  }));
}
